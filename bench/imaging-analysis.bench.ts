// Analysis throughput (megapixels of source photo per second) of the stress pipeline — phase 1
// `measurePhoto` plus phase 2 `detectStress` (which writes the HD JPEG), with the phase-1 → phase-2
// cache the worker uses — against sharp's plain decode + resize of the same photos to the same HD
// size, measured in the same run: wall time, and CPU time of the process (all threads).
// Photos: synthetic geotagged vineyard JPEGs (default 4000 × 2667, i.e. a 10.7 MP drone frame).
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  createDiskAnalysisCache,
  datasetStatistics,
  detectStress,
  measurePhoto,
} from '../apps/server/src/platform/imaging/index.ts';
import { generateSampleData } from '../apps/server/src/platform/imaging/sample-data/generate.ts';

const WIDTH = Number(process.env.BENCH_PHOTO_WIDTH ?? 4000);
const HEIGHT = Math.round((WIDTH * 2) / 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const HD = 2048;

const dir = join(tmpdir(), `ampelos-bench-analysis-${WIDTH}`);
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
console.log(`Generating 4 synthetic ${WIDTH} × ${HEIGHT} photos…`);
const truth = await generateSampleData({
  outDir: dir,
  seed: 11,
  photoWidth: WIDTH,
  photoHeight: HEIGHT,
  altitudeM: 25 * (WIDTH / 1200) ** 0.5,
  orthoGsdM: 0,
});
const inputs = truth.photos.map((photo) => ({ paths: [join(dir, photo.file)] }));
const megapixels = (inputs.length * WIDTH * HEIGHT) / 1e6;

interface Cost {
  seconds: number;
  cpuSeconds: number;
}

/** Wall time and CPU time of the whole process (every libvips thread included). */
async function cost(run: () => Promise<unknown>): Promise<Cost> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

// Phase 1 leaves each photo's work in the cache for phase 2, as the worker does.
const cache = createDiskAnalysisCache(join(dir, 'cache'), 4 * 1024 ** 3);
const slot = (i: number, round: number) => ({ cache, key: `bench/${round}-${i}` });
const ratios: Record<'phase1' | 'phase2' | 'both', { wall: number[]; cpu: number[] }> = {
  phase1: { wall: [], cpu: [] },
  phase2: { wall: [], cpu: [] },
  both: { wall: [], cpu: [] },
};
const baselines: Cost[] = [];
try {
  // Round 0 warms up (JIT, libvips caches) and is not counted. Each round times the baseline and
  // both phases back to back, so the machine's load at that moment weighs on all three alike.
  for (let round = 0; round <= ROUNDS; round++) {
    const baseline = await cost(async () => {
      for (const input of inputs) {
        await sharp(input.paths[0] as string)
          .resize(HD, HD, { fit: 'inside' })
          .raw()
          .toBuffer();
      }
    });
    let statistics = datasetStatistics([]);
    const measure = await cost(async () => {
      const measured = await Promise.all(
        inputs.map((input, i) => measurePhoto(input, { cache: slot(i, round) })),
      );
      statistics = datasetStatistics(measured);
    });
    const detect = await cost(async () => {
      for (const [i, input] of inputs.entries()) {
        await detectStress(
          input,
          statistics,
          { hdPath: join(dir, `hd-${i}.jpg`), imageId: `p${i}` },
          { cache: slot(i, round) },
        );
      }
    });
    if (round === 0) continue;
    baselines.push(baseline);
    const add = (key: keyof typeof ratios, seconds: number, cpuSeconds: number) => {
      ratios[key].wall.push(seconds / baseline.seconds);
      ratios[key].cpu.push(cpuSeconds / baseline.cpuSeconds);
    };
    add('phase1', measure.seconds, measure.cpuSeconds);
    add('phase2', detect.seconds, detect.cpuSeconds);
    add('both', measure.seconds + detect.seconds, measure.cpuSeconds + detect.cpuSeconds);
  }
  const baselineSeconds = median(baselines.map((b) => b.seconds));
  console.log(`${inputs.length} photos, ${megapixels.toFixed(1)} MP per round, ${ROUNDS} rounds (medians)`);
  console.log(
    `sharp decode + resize to HD (baseline)     ${(megapixels / baselineSeconds).toFixed(1).padStart(7)} MP/s  1.00 ×`,
  );
  const labels = {
    phase1: 'phase 1: measurePhoto',
    phase2: 'phase 2: detectStress (+ HD JPEG)',
    both: 'analysis, both phases',
  };
  for (const [key, label] of Object.entries(labels) as [keyof typeof ratios, string][]) {
    const wall = median(ratios[key].wall);
    console.log(
      `${label.padEnd(42)} ${(megapixels / (wall * baselineSeconds)).toFixed(1).padStart(7)} MP/s  ${wall.toFixed(2).padStart(5)} × baseline time, ${median(ratios[key].cpu).toFixed(2)} × its CPU time`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
