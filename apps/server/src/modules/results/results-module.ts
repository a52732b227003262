import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createDatasetRepository } from '../datasets/repository.ts';
import { createResultsRepository } from './repository.ts';
import { resultsRoutes } from './routes.ts';
import { createResultsService } from './service.ts';

/**
 * The results viewer's data and image annotation. Reports are looked up with the datasets module's
 * query, so who sees a report is decided in one place (`datasets/report-access.ts`).
 */
export function createResultsModule(deps: { database: Database; storage: Storage; jobs: Jobs }) {
  const datasets = createDatasetRepository(deps.database.db);
  const results = createResultsService({
    findReport: datasets.findReportByUuid,
    results: createResultsRepository(deps.database.db),
    storage: deps.storage,
    jobs: deps.jobs,
  });
  return {
    async routes(api: FastifyInstance) {
      await api.register(resultsRoutes, { results });
    },
  };
}
