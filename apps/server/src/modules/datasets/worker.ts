import type { Config } from '../../platform/config.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import type { OnReportProcessed } from './completion.ts';
import { createIngest } from './ingest/ingest.ts';
import { createAnalysisJobs } from './pipeline/analysis-jobs.ts';
import { createFinalize } from './pipeline/finalize.ts';
import { resumeUnfinishedDatasets } from './pipeline/recover.ts';
import type { DatasetRepository } from './repository.ts';

/**
 * The dataset job handlers. Loaded only by processes that run the worker, so an API-only process
 * does not carry the imaging engine, pdfkit and their libraries.
 */
export async function startDatasetWorker(deps: {
  config: Config;
  repository: DatasetRepository;
  storage: Storage;
  uploadStore: UploadStore;
  jobs: Jobs;
  logger: Logger;
  onReportProcessed: OnReportProcessed;
}) {
  const { config, repository, storage, jobs, logger } = deps;
  const ingest = createIngest({ ...deps });
  const analysis = createAnalysisJobs({
    repository,
    storage,
    jobs,
    logger,
    jobExpireSeconds: config.imaging.jobExpireSeconds,
  });
  const finalize = createFinalize({ repository, storage, logger, onReportProcessed: deps.onReportProcessed });
  const concurrency = config.imaging.concurrency;
  await jobs.handle('dataset.ingest', ingest);
  await jobs.handle('dataset.fanout', analysis.fanout);
  await jobs.handle('dataset.measure', analysis.measure, { concurrency });
  await jobs.handle('dataset.detect', analysis.detect, { concurrency });
  await jobs.handle('dataset.finalize', finalize);
  await resumeUnfinishedDatasets({ repository, jobs, logger });
}
