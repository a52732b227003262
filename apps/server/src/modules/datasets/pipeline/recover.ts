import type { Jobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { DatasetRepository } from '../repository.ts';

/**
 * At worker start: datasets left validating or processing by a crashed worker go on. A new
 * generation gives the re-sent jobs fresh ids (the dead worker's jobs are still "active" until they
 * expire); every step is idempotent, so a stale job that later retries changes nothing.
 */
export async function resumeUnfinishedDatasets(deps: {
  repository: DatasetRepository;
  jobs: Jobs;
  logger: Logger;
}) {
  for (const dataset of await deps.repository.listUnfinishedDatasets()) {
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
