import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { deployRoutes } from './routes.ts';
import { createDeployService } from './service.ts';

/** The administrators' production deploy. */
export function createDeployModule(deps: { config: Config; audit: AuditRecorder; logger: Logger }) {
  const deploy = createDeployService({ config: deps.config.deploy, audit: deps.audit, logger: deps.logger });
  return {
    async routes(api: FastifyInstance) {
      await api.register(deployRoutes, { deploy });
    },
  };
}
