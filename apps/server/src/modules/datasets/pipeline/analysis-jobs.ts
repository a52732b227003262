import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATASET_MESSAGES as M } from '@ampelos/domain';
import {
  type AnalysisThreads,
  type DatasetStatistics,
  datasetStatistics,
  type Measurement,
  type PhotoInput,
  type PhotoMetadata,
  type StepBudget,
  StepTimeoutError,
  withinBudget,
} from '../../../platform/imaging/index.ts';
import type { JobAttempt, JobPayloads, Jobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage/storage.ts';
import type { FailDataset } from '../data-failure.ts';
import { hdFileName, plantLayersKey, reportKey } from '../paths.ts';
import type { DatasetFileRow, DatasetRepository, DatasetRow, ReportContext, UnitRow } from '../repository.ts';
import { ensureUnits, unitInput } from './units.ts';

export interface AnalysisDeps {
  repository: DatasetRepository;
  storage: Storage;
  jobs: Jobs;
  logger: Logger;
  jobExpireSeconds: number;
  /** Time budget of one measure or detect step; past it the unit fails (not retried). */
  stepTimeoutSeconds: number;
  failDataset: FailDataset;
  /** Where the steps run; phase 1's work waits in their cache for phase 2 (`{dataset uuid}/{unit id}`). */
  threads: AnalysisThreads;
}

/** Runs `use` with local paths of several stored files (each stays available until `use` ends). */
export function withLocalFiles<T>(storage: Storage, keys: string[], use: (files: string[]) => Promise<T>) {
  const opened: string[] = [];
  const step = (index: number): Promise<T> => {
    const key = keys[index];
    if (key === undefined) return use(opened);
    return storage.withLocalFile(key, (file) => {
      opened.push(file);
      return step(index + 1);
    });
  };
  return step(0);
}

/**
 * The height above ground a unit is analysed and placed with: its plan's (decided from the
 * evidence when the units were created, or confirmed by staff); for units planned before plans
 * existed, GPS altitude minus the field's.
 */
export function unitHeight(
  unit: UnitRow,
  metadata: PhotoMetadata[],
  context: ReportContext,
): number | undefined {
  const planned = unitInput(unit);
  if (planned.setup) return planned.heightM ?? undefined;
  return heightAboveGround(metadata, context);
}

/** Height above ground for photos without a relative altitude: GPS altitude minus the field's. */
export function heightAboveGround(metadata: PhotoMetadata[], context: ReportContext): number | undefined {
  const first = metadata[0];
  const fieldAltitude = context.field?.altitude;
  if (!first || first.relativeAltitude !== null || !first.gps?.altitude || fieldAltitude == null)
    return undefined;
  const height = first.gps.altitude - fieldAltitude;
  return height > 1 ? height : undefined;
}

/**
 * Starts of a unit's step by earlier jobs (an earlier generation, resumed after its worker died)
 * after which the unit is set aside instead of being run again: a photo that kills its worker
 * must not kill every worker that resumes it.
 */
export const MAX_UNFINISHED_STARTS = 3;

export interface UnitFiles {
  files: DatasetFileRow[];
  paths: string[];
  photo: PhotoInput;
}

/**
 * The analysis jobs of one dataset: fan-out per phase, one measure and one detect job per unit.
 * Each job re-reads its unit and does nothing when the unit is already past that step, so a job
 * repeated after a crash or a duplicate send is harmless. Follow-up jobs use stable keys.
 */
export function createAnalysisJobs(deps: AnalysisDeps) {
  const { repository, storage, jobs } = deps;
  const sendOptions = { expireInSeconds: deps.jobExpireSeconds };

  const cacheKey = (dataset: DatasetRow, unit: UnitRow) => `${dataset.uuid}/${unit.id}`;

  async function activeDataset(datasetId: number): Promise<DatasetRow | undefined> {
    const dataset = await repository.findDataset(datasetId);
    return dataset?.status === 'processing' ? dataset : undefined;
  }

  async function withUnitFiles<T>(
    unit: UnitRow,
    context: ReportContext,
    use: (unit: UnitFiles) => Promise<T>,
  ) {
    const files = await repository.filesByIds(unit.fileIds);
    const keys = files.map((file) => file.storageKey).filter((key) => key !== null);
    if (keys.length !== files.length) throw new Error(`unit ${unit.id} has files without bytes`);
    return withLocalFiles(storage, keys, (paths) => {
      const metadata = files.map((file) => file.metadata as unknown as PhotoMetadata);
      const height = unitHeight(unit, metadata, context);
      const photo: PhotoInput = {
        paths,
        metadata,
        ...(height !== undefined ? { heightAboveGroundM: height } : {}),
      };
      return use({ files, paths, photo });
    });
  }

  /** After any unit step: start the next phase once no unit waits for this one. */
  async function advance(datasetId: number) {
    const dataset = await activeDataset(datasetId);
    if (!dataset) return;
    const counts = await repository.unitStatusCounts(dataset.id);
    const generation = dataset.generation;
    if ((counts.pending ?? 0) > 0) return;
    if (dataset.statistics && (counts.measured ?? 0) === 0 && (counts.detected ?? 0) === 0) {
      await deps.failDataset(dataset, M.noImageAnalysed, 'every unit failed in detection');
      return;
    }
    if ((counts.measured ?? 0) > 0 || !dataset.statistics) {
      await jobs.send(
        'dataset.fanout',
        { datasetId, phase: 'detect', generation },
        { key: `fanout-detect:${datasetId}:${generation}` },
      );
      return;
    }
    await jobs.send(
      'dataset.finalize',
      { datasetId, generation },
      { key: `finalize:${datasetId}:${generation}` },
    );
  }

  /** Runs a unit step; on the last failed attempt the unit is set aside so the dataset goes on. */
  async function unitStep(
    data: JobPayloads['dataset.measure'],
    attempt: JobAttempt,
    from: string,
    to: string,
    run: (
      unit: UnitRow,
      dataset: DatasetRow,
      context: ReportContext,
      budget: StepBudget,
    ) => Promise<Record<string, unknown>>,
  ) {
    const dataset = await activeDataset(data.datasetId);
    const unit = await repository.findUnit(data.unitId);
    if (!dataset || !unit) return;
    // This job's own retries explain `retryCount` starts; the rest were jobs whose worker died.
    const unfinishedStarts = unit.attempts - attempt.retryCount;
    if (unit.status === from && unfinishedStarts >= MAX_UNFINISHED_STARTS) {
      const cause = `${step(from)} of ${unitName(unit)} stopped its worker ${unfinishedStarts} times`;
      deps.logger.error({ unitId: unit.id, datasetId: data.datasetId }, cause);
      await repository.failUnit(unit.id, cause);
    } else if (unit.status === from) {
      const context = await repository.findReportById(dataset.reportId);
      if (!context) return;
      await repository.countUnitAttempt(unit.id);
      try {
        const budget = { seconds: deps.stepTimeoutSeconds, what: `${step(from)} of ${unitName(unit)}` };
        // The whole job (files fetched included) and the thread's step each keep the budget.
        const result = await withinBudget(budget.seconds, budget.what, () =>
          run(unit, dataset, context, budget),
        );
        await repository.advanceUnit(unit.id, from, to, { ...(unit.result ?? {}), ...result });
      } catch (error) {
        if (!attempt.isLastAttempt && !(error instanceof StepTimeoutError)) throw error;
        deps.logger.error({ err: error, unitId: unit.id }, 'analysis unit failed for good');
        await repository.failUnit(unit.id, error instanceof Error ? error.message : String(error));
      }
    }
    await advance(dataset.id);
  }

  const step = (from: string) => (from === 'pending' ? 'measuring' : 'stress detection');
  const unitName = (unit: UnitRow) => {
    const { base } = unitInput(unit);
    return typeof base === 'string' ? base : `unit ${unit.id}`;
  };

  return {
    async fanout({ datasetId, phase }: JobPayloads['dataset.fanout']) {
      const dataset = await activeDataset(datasetId);
      if (!dataset) return;
      const generation = dataset.generation;
      if (phase === 'measure') {
        if ((await repository.unitsOf(dataset.id)).length === 0) {
          const context = await repository.findReportById(dataset.reportId);
          const confirmations = await ensureUnits(repository, dataset, {
            fieldAltitudeM: context?.field?.altitude ?? null,
          });
          // Implausible or missing evidence (camera, height): staff confirm before any analysis.
          if (confirmations.length > 0) {
            await repository.moveDataset(dataset.id, ['processing'], {
              status: 'review',
              message: confirmations.join('\n'),
            });
            deps.logger.info({ datasetId, confirmations }, 'dataset awaits a staff confirmation');
            return;
          }
        }
        const pending = await repository.unitsIn(dataset.id, 'pending');
        await jobs.sendMany(
          'dataset.measure',
          pending.map((unit) => ({
            data: { datasetId, unitId: unit.id, generation },
            key: `measure:${unit.id}:${generation}`,
          })),
          sendOptions,
        );
        if (pending.length === 0) await advance(datasetId);
        return;
      }
      const measured = await repository.unitsIn(dataset.id, 'measured');
      if (!dataset.statistics) {
        const measurements = measured.map((unit) => unit.result?.measurement as Measurement);
        if (measurements.length === 0) {
          await deps.failDataset(dataset, M.noImageAnalysed, 'every unit failed in measurement');
          return;
        }
        const statistics = datasetStatistics(measurements);
        await repository.moveDataset(dataset.id, ['processing'], {
          statistics: statistics as unknown as Record<string, unknown>,
        });
      }
      await jobs.sendMany(
        'dataset.detect',
        measured.map((unit) => ({
          data: { datasetId, unitId: unit.id, generation },
          key: `detect:${unit.id}:${generation}`,
        })),
        sendOptions,
      );
      if (measured.length === 0) await advance(datasetId);
    },

    measure: (data: JobPayloads['dataset.measure'], attempt: JobAttempt) =>
      unitStep(data, attempt, 'pending', 'measured', async (unit, dataset, context, budget) =>
        withUnitFiles(unit, context, async ({ photo }) => {
          const { tile } = unitInput(unit);
          const step = { photo, tile, cacheKey: cacheKey(dataset, unit) };
          return { measurement: await deps.threads.measure(step, budget) };
        }),
      ),

    detect: (data: JobPayloads['dataset.detect'], attempt: JobAttempt) =>
      unitStep(data, attempt, 'measured', 'detected', async (unit, dataset, context, budget) => {
        const statistics = dataset.statistics as unknown as DatasetStatistics;
        const { base, tile } = unitInput(unit);
        const temp = await mkdtemp(path.join(tmpdir(), 'ampelos-hd-'));
        try {
          const hdPath = path.join(temp, hdFileName(base));
          const output = { hdPath, imageId: base };
          const { analysis, layers } = await withUnitFiles(unit, context, ({ photo }) =>
            deps.threads.detect(
              { photo, tile, statistics, output, cacheKey: cacheKey(dataset, unit) },
              budget,
            ),
          );
          // The map's plant layers from phase 1's fields: finalize then reads them instead of
          // decoding the photo and deriving its fields again. Without them it does just that.
          const layersKey = plantLayersKey(dataset.uuid, unit.id);
          if (layers) await storage.put(layersKey, layers, 'application/octet-stream');
          else await storage.delete(layersKey);
          await storage.putStream(
            reportKey(context.report.uuid, hdFileName(base)),
            createReadStream(hdPath),
            'image/jpeg',
          );
          return { analysis };
        } finally {
          await rm(temp, { recursive: true, force: true });
        }
      }),
  };
}
export type AnalysisJobs = ReturnType<typeof createAnalysisJobs>;
