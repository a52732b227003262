import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { createAuditRepository } from './repository.ts';
import { auditRoutes } from './routes.ts';
import { createAuditService } from './service.ts';

/** The administrators' audit log; `audit` records for the other modules. */
export function createAuditModule(deps: { db: Db; logger: Logger }) {
  const audit = createAuditService({ audit: createAuditRepository(deps.db), logger: deps.logger });
  return {
    audit,
    async routes(api: FastifyInstance) {
      await api.register(auditRoutes, { audit });
    },
  };
}
