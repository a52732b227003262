import type { FastifyInstance } from 'fastify';
import { createAgroData } from '../../platform/agro/agro.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { createFieldRepository } from '../fields/repository.ts';
import { createAgroRepository } from './repository.ts';
import { agroRoutes } from './routes.ts';
import { createAgroService } from './service.ts';

/** Weather, soil and satellite data for fields; providers chosen by configuration (docs/AGRO.md). */
export function createAgroModule(deps: { config: Config; database: Database; logger: Logger }) {
  const agro = createAgroService({
    agro: createAgroData(deps.config.agro, deps.logger),
    agroFields: createAgroRepository(deps.database.db),
    fields: createFieldRepository(deps.database.db),
    logger: deps.logger,
  });
  return {
    async routes(api: FastifyInstance) {
      await api.register(agroRoutes, { agro });
    },
  };
}
