import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { type DiskFreeBytes, diskFreeBytes } from '../../platform/storage/disk-space.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import { createCompletionEffects } from './completion.ts';
import { createDatasetFailure } from './data-failure.ts';
import { createDataReceived } from './data-received.ts';
import { dataRoutes } from './data-routes.ts';
import { createDataService } from './data-service.ts';
import { reportFilesRoutes } from './files-routes.ts';
import { createDatasetRepository, datasetSnapshots } from './repository.ts';
import { uploadRoutes } from './upload-routes.ts';
import { createUploadService } from './upload-service.ts';

export interface DatasetsModuleDeps {
  config: Config;
  database: Database;
  storage: Storage;
  uploadStore: UploadStore;
  jobs: Jobs;
  mail: Pick<MailService, 'queue' | 'queueMessage'>;
  notify: Notify;
  logger: Logger;
  /** Free space of the upload disk (tests pass their own). */
  diskFreeBytes?: DiskFreeBytes;
  /** Told how many upload bytes each tus request added (the metrics). */
  onUploadBytes?: (bytes: number) => void;
}

/** Upload, ingest, analysis jobs and report files: wired here so app.ts stays a list. */
export function createDatasetsModule(deps: DatasetsModuleDeps) {
  const repository = createDatasetRepository(deps.database.db);
  const diskFree = deps.diskFreeBytes ?? diskFreeBytes;
  const uploads = createUploadService({
    repository,
    limits: {
      ...deps.config.uploads,
      // Local storage: tus writes under the data directory. S3 takes the bytes elsewhere.
      freeBytes: deps.config.storage.s3 ? null : () => diskFree(deps.config.dataDir),
    },
  });
  const data = createDataService({
    repository,
    snapshot: datasetSnapshots(deps.database.db),
    jobs: deps.jobs,
  });
  const onReportProcessed = createCompletionEffects({
    repository,
    mail: deps.mail,
    notify: deps.notify,
    publicUrl: deps.config.publicUrl,
  });
  return {
    /** Job handlers (worker processes only), then resume what a crashed worker left. */
    async startWorker() {
      const { startDatasetWorker } = await import('./worker.ts');
      const failDataset = createDatasetFailure({
        repository,
        mail: deps.mail,
        notify: deps.notify,
        publicUrl: deps.config.publicUrl,
        logger: deps.logger,
      });
      const onDataAccepted = createDataReceived({ repository, notify: deps.notify, logger: deps.logger });
      return startDatasetWorker({ ...deps, repository, onReportProcessed, failDataset, onDataAccepted });
    },
    /** Routes under `/api`. */
    async routes(api: FastifyInstance) {
      await api.register(uploadRoutes, {
        uploads,
        store: deps.uploadStore,
        ...(deps.onUploadBytes ? { onBytes: deps.onUploadBytes } : {}),
      });
      await api.register(dataRoutes, { data });
      await api.register(reportFilesRoutes, { repository, storage: deps.storage });
    },
  };
}
