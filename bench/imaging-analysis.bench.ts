// Analysis throughput (megapixels of source photo per second) of the stress pipeline — phase 1
// `measurePhoto` plus phase 2 `detectStress` (which writes the HD JPEG) — against sharp's plain
// decode + resize of the same photos to the same HD size, measured in the same run.
// Photos: synthetic geotagged vineyard JPEGs (default 4000 × 2667, i.e. a 10.7 MP drone frame).
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { datasetStatistics, detectStress, measurePhoto } from '../apps/server/src/platform/imaging/index.ts';
import { generateSampleData } from '../apps/server/src/platform/imaging/sample-data/generate.ts';

const WIDTH = Number(process.env.BENCH_PHOTO_WIDTH ?? 4000);
const HEIGHT = Math.round((WIDTH * 2) / 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
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

async function timeIt(label: string, run: () => Promise<unknown>) {
  await run(); // warm-up (JIT, libvips caches)
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) await run();
  const seconds = (performance.now() - start) / 1000 / ROUNDS;
  return { label, seconds, mpPerSecond: megapixels / seconds };
}

try {
  const baseline = await timeIt('sharp decode + resize to HD (baseline)', async () => {
    for (const input of inputs) {
      await sharp(input.paths[0] as string)
        .resize(HD, HD, { fit: 'inside' })
        .raw()
        .toBuffer();
    }
  });
  let statistics = datasetStatistics([]);
  const measure = await timeIt('phase 1: measurePhoto', async () => {
    statistics = datasetStatistics(await Promise.all(inputs.map((input) => measurePhoto(input))));
  });
  const detect = await timeIt('phase 2: detectStress (+ HD JPEG)', async () => {
    for (const [i, input] of inputs.entries()) {
      await detectStress(input, statistics, { hdPath: join(dir, `hd-${i}.jpg`), imageId: `p${i}` });
    }
  });
  const total = { label: 'analysis, both phases', seconds: measure.seconds + detect.seconds, mpPerSecond: 0 };
  total.mpPerSecond = megapixels / total.seconds;
  console.log(`${inputs.length} photos, ${megapixels.toFixed(1)} MP per round, ${ROUNDS} rounds`);
  for (const row of [baseline, measure, detect, total]) {
    console.log(
      `${row.label.padEnd(42)} ${row.mpPerSecond.toFixed(1).padStart(7)} MP/s  ${(row.seconds / baseline.seconds).toFixed(2).padStart(6)} × baseline time`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
