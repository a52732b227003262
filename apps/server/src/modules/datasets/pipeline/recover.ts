import { DATASET_MESSAGES as M } from '@ampelos/domain';
import type { Jobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { FailDataset } from '../data-failure.ts';
import type { DatasetRepository } from '../repository.ts';

/**
 * Resumes of one dataset after which it is failed instead: a dataset whose work kills every worker
 * that takes it up (a file no per-file guard caught, tiling, the PDF) must not crash-loop the
 * service. Ordinary restarts (deploys) during one dataset's processing stay well below this.
 */
export const MAX_DATASET_RESUMES = 5;

/**
 * At worker start: datasets left validating or processing by a crashed worker go on. A new
 * generation gives the re-sent jobs fresh ids (the dead worker's jobs are still "active" until they
 * expire); every step is idempotent, so a stale job that later retries changes nothing.
 */
export async function resumeUnfinishedDatasets(deps: {
  repository: DatasetRepository;
  jobs: Jobs;
  logger: Logger;
  failDataset: FailDataset;
}) {
  for (const dataset of await deps.repository.listUnfinishedDatasets()) {
    if (dataset.generation >= MAX_DATASET_RESUMES) {
      const cause = `its worker stopped ${dataset.generation + 1} times while it was ${dataset.status}`;
      deps.logger.error({ datasetId: dataset.id }, `dataset not resumed: ${cause}`);
      await deps.failDataset(dataset, M.workerStopped, cause);
      continue;
    }
    const generation = await deps.repository.bumpGeneration(dataset.id);
    deps.logger.info({ datasetId: dataset.id, status: dataset.status, generation }, 'resuming dataset');
    if (dataset.status === 'validating') {
      await deps.jobs.send(
        'dataset.ingest',
        { datasetId: dataset.id },
        { key: `ingest:${dataset.id}:${generation}` },
      );
    } else {
      // The measure fan-out moves on to whichever phase is unfinished.
      await deps.jobs.send(
        'dataset.fanout',
        { datasetId: dataset.id, phase: 'measure', generation },
        { key: `fanout-measure:${dataset.id}:${generation}` },
      );
    }
  }
}
