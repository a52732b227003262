import type { FastifyInstance } from 'fastify';
import { createAgroData } from '../../platform/agro/agro.ts';
import { createAgroHistory } from '../../platform/agro/history.ts';
import { createIndexGrids } from '../../platform/agro/stac/index-images.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { RealtimeBus } from '../../platform/realtime/bus.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createFieldRepository } from '../fields/repository.ts';
import { createHistoryService } from './history-service.ts';
import { indexImageRoutes } from './index-image-routes.ts';
import { createIndexImageService } from './index-image-service.ts';
import { agroJobRoutes } from './jobs-routes.ts';
import { createAgroRepository } from './repository.ts';
import { agroRoutes } from './routes.ts';
import { createRunsRepository } from './runs-repository.ts';
import { createRunsService } from './runs-service.ts';
import { createAgroService } from './service.ts';
import { viticultureRoutes } from './viticulture-routes.ts';
import { createViticultureService } from './viticulture-service.ts';

/**
 * Weather, soil and satellite data for fields; providers chosen by configuration; the admin jobs that
 * write each report's agronomy history file and the daily refresh (docs/AGRO.md).
 */
export function createAgroModule(deps: {
  config: Config;
  database: Database;
  logger: Logger;
  jobs: Jobs;
  storage: Storage;
  bus: RealtimeBus;
}) {
  const agro = createAgroService({
    agro: createAgroData(deps.config.agro, deps.logger),
    agroFields: createAgroRepository(deps.database.db),
    fields: createFieldRepository(deps.database.db),
    logger: deps.logger,
  });
  const runs = createRunsRepository(deps.database.db);
  const runsService = createRunsService({ runs, jobs: deps.jobs, bus: deps.bus });
  const history = createHistoryService({ agro, runs, storage: deps.storage });
  const agroHistory = createAgroHistory(deps.config.agro, deps.logger);
  const viticulture = createViticultureService({ agro, history: agroHistory, fieldHistory: history });
  const { satelliteSource, stac } = deps.config.agro;
  const indexImages = createIndexImageService({
    agro,
    history: agroHistory,
    grids:
      satelliteSource === 'auto' || satelliteSource === 'sentinel-2-stac'
        ? createIndexGrids({
            baseUrl: stac.url,
            collection: stac.collection,
            maxCloud: stac.maxCloud,
            timeoutMs: stac.timeoutMs,
            storage: deps.storage,
          })
        : null,
    logger: deps.logger,
  });
  return {
    /** The `agro` realtime channel: run progress for administrators. */
    channel: runsService.policy,
    /** Job handlers and the daily schedule (worker processes only). */
    async startWorker() {
      const { startAgroWorker } = await import('./run-worker.ts');
      await startAgroWorker({
        runs,
        runsService,
        history: agroHistory,
        storage: deps.storage,
        jobs: deps.jobs,
        logger: deps.logger,
        daysBefore: deps.config.agro.historyDaysBefore,
        dailyRefreshCron: deps.config.agro.dailyRefreshCron,
      });
    },
    async routes(api: FastifyInstance) {
      await api.register(agroRoutes, { agro });
      await api.register(agroJobRoutes, { runs: runsService, history });
      await api.register(viticultureRoutes, { viticulture });
      await api.register(indexImageRoutes, { images: indexImages });
    },
  };
}
