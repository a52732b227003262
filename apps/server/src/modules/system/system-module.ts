import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { createMaintenance } from './maintenance.ts';
import { systemRoutes } from './routes.ts';

/** The public settings and maintenance mode. */
export function createSystemModule(deps: { config: Config; storage: Storage; audit: AuditRecorder }) {
  const maintenance = createMaintenance({
    storage: deps.storage,
    fromConfig: deps.config.maintenanceMode,
    audit: deps.audit,
  });
  return {
    maintenance,
    async routes(api: FastifyInstance) {
      await api.register(systemRoutes, { config: deps.config, storage: deps.storage, maintenance });
    },
  };
}
