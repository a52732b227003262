import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Access } from '../auth/access.ts';
import { createDatasetRepository } from '../datasets/repository.ts';
import { createResultsRepository } from './repository.ts';
import { resultsRoutes } from './routes.ts';
import { createResultsService } from './service.ts';

/**
 * The results viewer's data and image annotation. Who may see or annotate a report is the access
 * helper's answer (the domain's report policies); the report is then read with the datasets module's query.
 */
export function createResultsModule(deps: {
  database: Database;
  access: Access;
  storage: Storage;
  jobs: Jobs;
}) {
  const datasets = createDatasetRepository(deps.database.db);
  const results = createResultsService({
    findReport: datasets.findReportByUuid,
    access: deps.access,
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
