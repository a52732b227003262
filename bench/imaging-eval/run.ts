import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  type CapturePlan,
  createDiskAnalysisCache,
  type DatasetStatistics,
  datasetStatistics,
  detectStress,
  groupCaptures,
  measurePhoto,
  type PhotoAnalysis,
  type PhotoInput,
  planCaptures,
  plannedInput,
  readPhotoMetadata,
} from '../../apps/server/src/platform/imaging/index.ts';

export interface AnalysedCapture {
  input: PhotoInput;
  plan: CapturePlan;
  /** Base name (IMG_0001 for a band set, the file stem for a photo). */
  base: string;
  hdPath: string;
  analysis: PhotoAnalysis;
}

export interface DatasetRun {
  captures: AnalysedCapture[];
  groundCaptures: string[];
  confirmations: string[];
  statistics: DatasetStatistics;
  /** CPU seconds (process, all threads) of both phases, and of sharp's decode + resize of the same files. */
  cpuSeconds: number;
  baselineCpuSeconds: number;
}

const HD = 2048;

export function baseOf(input: PhotoInput): string {
  const name = (input.paths[0] as string).split('/').pop() as string;
  const stem = name.replace(/\.[^.]+$/, '');
  return input.paths.length > 1 ? stem.replace(/_\d+$/, '') : stem;
}

function cpuNow() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The dataset's captures as the pipeline groups them, metadata read by the project. */
export async function captureInputs(dir: string, names?: string[]): Promise<PhotoInput[]> {
  const files = (names ?? (await readdir(dir)).filter((f) => /\.(jpe?g|tiff?)$/i.test(f))).sort();
  const photos = await Promise.all(
    files.map(async (file) => ({
      path: join(dir, file),
      metadata: await readPhotoMetadata(join(dir, file)),
    })),
  );
  return groupCaptures(photos);
}

/**
 * The analysis options of every run: the default, or `EVAL_ANALYSIS_GSD_M` (the analysis pixel size,
 * metres) to see how the figures hold when the same scenes are resampled a little finer or coarser
 * (`bench:imaging-eval-scales`).
 */
export const ANALYSIS_OPTIONS = process.env.EVAL_ANALYSIS_GSD_M
  ? { analysisGsdM: Number(process.env.EVAL_ANALYSIS_GSD_M) }
  : {};

/**
 * Runs a dataset through the real engine as the pipeline does: plan (camera, height, ground
 * captures), phase 1 for every survey capture, the statistics, phase 2 writing HD JPEGs to `outDir`.
 * Captures needing staff confirmation are analysed anyway (the bench shows what would happen)
 * and the reasons are returned.
 */
export async function runDataset(
  inputs: PhotoInput[],
  outDir: string,
  options: { fieldAltitudeM?: number | null; confirmedHeightM?: number | null } = {},
): Promise<DatasetRun> {
  await mkdir(outDir, { recursive: true });
  const plan = planCaptures(inputs, options);
  const survey = inputs
    .map((input, i) => ({
      input: plannedInput(input, plan.captures[i] as CapturePlan),
      plan: plan.captures[i] as CapturePlan,
    }))
    .filter((c) => c.plan.role === 'survey');
  const cache = createDiskAnalysisCache(join(outDir, '.cache'), 1024 ** 3);
  const start = cpuNow();
  const measurements = [];
  for (const [i, c] of survey.entries())
    measurements.push(
      await measurePhoto(c.input, { ...ANALYSIS_OPTIONS, cache: { cache, key: `eval/${i}` } }),
    );
  const statistics = datasetStatistics(measurements);
  const captures: AnalysedCapture[] = [];
  for (const [i, c] of survey.entries()) {
    const base = baseOf(c.input);
    const hdPath = join(outDir, `${base}-hd.jpg`);
    const analysis = await detectStress(
      c.input,
      statistics,
      { hdPath, imageId: base },
      { ...ANALYSIS_OPTIONS, cache: { cache, key: `eval/${i}` } },
    );
    captures.push({ ...c, base, hdPath, analysis });
  }
  const cpuSeconds = cpuNow() - start;
  const baselineStart = cpuNow();
  for (const c of survey)
    for (const path of c.input.paths)
      await sharp(path).resize(HD, HD, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer();
  const baselineCpuSeconds = cpuNow() - baselineStart;
  return {
    captures,
    groundCaptures: inputs.filter((_, i) => plan.captures[i]?.role === 'ground').map(baseOf),
    confirmations: plan.confirmations,
    statistics,
    cpuSeconds,
    baselineCpuSeconds,
  };
}

/** Only the detection of `target` with statistics measured over `companions` (invariance check). */
export async function boxesWithCompanions(target: PhotoInput, companions: PhotoInput[], outDir: string) {
  const run = await runDataset([target, ...companions], outDir);
  const mine = run.captures.find((c) => c.base === baseOf(target));
  return mine?.analysis.boxes ?? [];
}

/** Largest box side in metres (HD pixels × original/HD scale × original ground pixel). */
export function largestBoxSideM(analysis: PhotoAnalysis): number | null {
  if (!analysis.groundResolutionM) return null;
  let largest = 0;
  for (const box of analysis.boxes) {
    const side = Math.max(box.thr_coords.w * analysis.scale.x, box.thr_coords.h * analysis.scale.y);
    largest = Math.max(largest, side * analysis.groundResolutionM);
  }
  return largest;
}
