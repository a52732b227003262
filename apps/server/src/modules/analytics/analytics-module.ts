import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { createAnalyticsRepository } from './repository.ts';
import { analyticsRoutes } from './routes.ts';
import { createAnalyticsService } from './service.ts';

/** The staff dashboard's figures. */
export function createAnalyticsModule(deps: { db: Db }) {
  const analytics = createAnalyticsService({ analytics: createAnalyticsRepository(deps.db) });
  return {
    async routes(api: FastifyInstance) {
      await api.register(analyticsRoutes, { analytics });
    },
  };
}
