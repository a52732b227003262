import path from 'node:path';
import { DATASET_MESSAGES as M } from '@ampelos/domain';
import type { Config } from '../../platform/config.ts';
import { createAnalysisThreads, setPhotoMaxPixels } from '../../platform/imaging/index.ts';
import type { JobHandler, JobName, Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import type { OnReportProcessed } from './completion.ts';
import type { FailDataset } from './data-failure.ts';
import type { OnDataAccepted } from './data-received.ts';
import { createIngest } from './ingest/ingest.ts';
import { createAnalysisJobs } from './pipeline/analysis-jobs.ts';
import { createFinalize } from './pipeline/finalize.ts';
import { resumeUnfinishedDatasets } from './pipeline/recover.ts';
import { createReportPdfJob } from './report-pdf/write-report-pdf.ts';
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
  failDataset: FailDataset;
  onDataAccepted: OnDataAccepted;
}) {
  const { config, repository, storage, jobs, logger } = deps;
  // Every decode of an uploaded photo is held to the cap ingest enforces (never unlimited).
  setPhotoMaxPixels(config.imaging.photoMaxPixels);
  // The analysis steps run in threads; phase 1 leaves each photo's work in their disk cache for
  // phase 2, and a dataset's entries go when it ends.
  const threads = createAnalysisThreads({
    threads: config.imaging.concurrency,
    cacheDirectory: path.join(config.dataDir, 'cache', 'analysis'),
    cacheBytes: config.imaging.cacheBytes,
    photoMaxPixels: config.imaging.photoMaxPixels,
    onThreadLost: (error) => logger.warn({ err: error }, 'analysis thread replaced'),
  });
  const forget = (datasetId: number) =>
    repository
      .findDataset(datasetId)
      .then((dataset) => (dataset ? threads.clear(dataset.uuid) : undefined))
      .catch((error) => logger.warn({ err: error, datasetId }, 'analysis cache not cleared'));
  const failDataset: FailDataset = async (dataset, message, cause) => {
    await deps.failDataset(dataset, message, cause);
    await forget(dataset.id);
  };
  const ingest = createIngest({ ...deps });
  const analysis = createAnalysisJobs({
    repository,
    storage,
    jobs,
    logger,
    jobExpireSeconds: config.imaging.jobExpireSeconds,
    stepTimeoutSeconds: config.imaging.stepTimeoutSeconds,
    failDataset,
    threads,
  });
  const finalizeReport = createFinalize({
    repository,
    storage,
    logger,
    onReportProcessed: deps.onReportProcessed,
  });
  // Finalize needs nothing from the analysis cache: its dataset's entries go when it starts.
  const finalize: typeof finalizeReport = async (data) => {
    await forget(data.datasetId);
    await finalizeReport(data);
  };
  const concurrency = config.imaging.concurrency;

  /**
   * A dataset-wide job that fails on its last attempt would leave the dataset (and its report) in
   * processing for ever: fail the dataset, which gives the report back to the uploaders.
   */
  const failingForGood =
    <N extends 'dataset.ingest' | 'dataset.fanout' | 'dataset.finalize'>(
      name: N,
      handler: JobHandler<N>,
    ): JobHandler<N> =>
    async (data, attempt) => {
      try {
        await handler(data, attempt);
      } catch (error) {
        if (attempt.isLastAttempt) {
          const dataset = await repository.findDataset(data.datasetId);
          const cause = `${name as JobName}: ${error instanceof Error ? error.message : String(error)}`;
          if (dataset) await failDataset(dataset, M.processingFailed, cause);
        }
        throw error;
      }
    };

  await jobs.handle('dataset.ingest', failingForGood('dataset.ingest', ingest));
  await jobs.handle('dataset.fanout', failingForGood('dataset.fanout', analysis.fanout));
  await jobs.handle('dataset.measure', analysis.measure, { concurrency });
  await jobs.handle('dataset.detect', analysis.detect, { concurrency });
  await jobs.handle('dataset.finalize', failingForGood('dataset.finalize', finalize));
  await jobs.handle('report.pdf', createReportPdfJob({ repository, storage, logger }));
  await resumeUnfinishedDatasets({ repository, jobs, logger, failDataset });
  return () => threads.close();
}
