// The real captures as the pipeline's jobs analyse them, shared by bench:imaging-speed and
// bench:imaging-fingerprint: one analysis thread with its disk cache, the plan, phase 1 for every
// survey capture, the statistics, phase 2 (keeping each photo's plant layers for the tiles).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AnalysisThreads,
  type CapturePlan,
  createAnalysisThreads,
  type DatasetStatistics,
  datasetStatistics,
  type Measurement,
  type PhotoAnalysis,
  type PhotoInput,
  planCaptures,
  plannedInput,
} from '../../apps/server/src/platform/imaging/index.ts';
import { baseOf } from './run.ts';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const DATASETS = process.env.AMPELOS_DATASETS_DIR ?? resolve(REPO, '../shared/datasets');

/** The three real captures, each with the field altitude a customer would type (null: none). */
export const DATASET_RUNS = [
  { name: 'micasense', folder: 'micasense-rededge-fresno', fieldAltitudeM: 0 },
  { name: 'seneca', folder: 'odm-seneca-nir-farm', fieldAltitudeM: null },
  { name: 'dji', folder: 'dji-phantom3-brighton-beach', fieldAltitudeM: 0 },
] as const;

const BUDGET = { seconds: 900, what: 'bench step' };

/** One analysis thread, as the embedded default (IMAGING_CONCURRENCY 1), caching under `work`. */
export function benchAnalysisThreads(work: string): AnalysisThreads {
  return createAnalysisThreads({
    threads: 1,
    cacheDirectory: join(work, 'cache'),
    cacheBytes: 1024 ** 3,
    photoMaxPixels: 120_000_000,
  });
}

export interface PipelineAnalysed {
  input: PhotoInput;
  base: string;
  hdPath: string;
  analysis: PhotoAnalysis;
  /** The plant layers phase 2 kept (null: the tiles derive them from the photo). */
  layers: Buffer | null;
}

/**
 * Both phases of every survey capture of `inputs`, cached under `cacheKeys/i` (clear them with
 * `threads.clear(cacheKeys)`), each photo's HD JPEG written to `hdPathOf(base)`.
 */
export async function analyseAsPipeline(
  threads: AnalysisThreads,
  inputs: PhotoInput[],
  options: { fieldAltitudeM: number | null; cacheKeys: string; hdPathOf: (base: string) => string },
): Promise<{ measured: Measurement[]; statistics: DatasetStatistics; analysed: PipelineAnalysed[] }> {
  const plan = planCaptures(inputs, { fieldAltitudeM: options.fieldAltitudeM });
  const survey = inputs
    .map((input, i) => ({
      input: plannedInput(input, plan.captures[i] as CapturePlan),
      plan: plan.captures[i],
    }))
    .filter((c) => c.plan?.role === 'survey');
  const measured: Measurement[] = [];
  for (const [i, c] of survey.entries())
    measured.push(await threads.measure({ photo: c.input, cacheKey: `${options.cacheKeys}/${i}` }, BUDGET));
  const statistics = datasetStatistics(measured);
  const analysed: PipelineAnalysed[] = [];
  for (const [i, c] of survey.entries()) {
    const base = baseOf(c.input);
    const hdPath = options.hdPathOf(base);
    const { analysis, layers } = await threads.detect(
      {
        photo: c.input,
        statistics,
        output: { hdPath, imageId: base },
        cacheKey: `${options.cacheKeys}/${i}`,
      },
      BUDGET,
    );
    analysed.push({ input: c.input, base, hdPath, analysis, layers });
  }
  return { measured, statistics, analysed };
}
