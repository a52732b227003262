// A fingerprint of everything the analysis produces from the real captures of ../shared/datasets:
// SHA-256 of the dataset statistics, each photo's analysis (boxes, plants, measurements), its HD
// JPEG and kept plant layers, and every map tile. A speed change meant to leave the outputs as
// they were prints the same lines before and after (diff the two outputs); the figures the outputs
// score against references are bench:imaging-eval's.
// Run: npm run bench:imaging-fingerprint -w @ampelos/bench (EVAL_ONLY=micasense,seneca,dji to pick).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CapturePlan,
  createAnalysisThreads,
  datasetStatistics,
  decodePlantLayers,
  planCaptures,
  plannedInput,
  renderTiles,
} from '../apps/server/src/platform/imaging/index.ts';
import { baseOf, captureInputs } from './imaging-eval/run.ts';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DATASETS = process.env.AMPELOS_DATASETS_DIR ?? resolve(REPO, '../shared/datasets');
// A fixed directory: the analyses name their HD files, so the same paths give the same JSON.
const WORK = join(tmpdir(), 'ampelos-imaging-fingerprint');
const BUDGET = { seconds: 900, what: 'fingerprint step' };
const DATASET_RUNS = [
  { name: 'micasense', folder: 'micasense-rededge-fresno', fieldAltitudeM: 0 },
  { name: 'seneca', folder: 'odm-seneca-nir-farm', fieldAltitudeM: null },
  { name: 'dji', folder: 'dji-phantom3-brighton-beach', fieldAltitudeM: 0 },
] as const;

const sha = (data: string | Buffer | Uint8Array) =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);

await rm(WORK, { recursive: true, force: true });
await mkdir(WORK, { recursive: true });
const threads = createAnalysisThreads({
  threads: 1,
  cacheDirectory: join(WORK, 'cache'),
  cacheBytes: 1024 ** 3,
  photoMaxPixels: 120_000_000,
});
const only = process.env.EVAL_ONLY?.split(',');
try {
  for (const run of DATASET_RUNS) {
    const source = join(DATASETS, run.folder);
    if ((only && !only.includes(run.name)) || !existsSync(source)) continue;
    const inputs = await captureInputs(source);
    const plan = planCaptures(inputs, { fieldAltitudeM: run.fieldAltitudeM });
    const survey = inputs
      .map((input, i) => ({
        input: plannedInput(input, plan.captures[i] as CapturePlan),
        plan: plan.captures[i],
      }))
      .filter((c) => c.plan?.role === 'survey');
    const measured = [];
    for (const [i, c] of survey.entries())
      measured.push(await threads.measure({ photo: c.input, cacheKey: `${run.name}/${i}` }, BUDGET));
    console.log(`${run.name} measurements ${sha(JSON.stringify(measured))}`);
    const statistics = datasetStatistics(measured);
    console.log(`${run.name} statistics ${sha(JSON.stringify(statistics))}`);
    const photos = [];
    for (const [i, c] of survey.entries()) {
      const base = baseOf(c.input);
      const hdPath = join(WORK, `${run.name}-${base}-hd.jpg`);
      const { analysis, layers } = await threads.detect(
        { photo: c.input, statistics, output: { hdPath, imageId: base }, cacheKey: `${run.name}/${i}` },
        BUDGET,
      );
      const hdJpeg = await readFile(hdPath);
      console.log(
        `${run.name} ${base}: analysis ${sha(JSON.stringify(analysis))}, HD JPEG ${sha(hdJpeg)}, layers ${layers ? sha(layers) : '-'} (${analysis.boxes.length} boxes)`,
      );
      photos.push({ input: c.input, analysis, hdJpeg, layers });
    }
    const tiles = new Map<string, string>();
    const rendered = await renderTiles({
      photos: photos.map((p) => ({
        input: p.input,
        analysis: p.analysis,
        ...(p.layers
          ? {
              prepared: async () => ({
                hdJpeg: p.hdJpeg,
                layers: await decodePlantLayers(p.layers as Buffer),
              }),
            }
          : {}),
      })),
      statistics,
      minZoom: 16,
      // Several tiles render at once, so their order varies: hashed by name, then sorted.
      onTile: async (layer, z, x, y, image) => {
        tiles.set(`${layer}/${z}/${x}/${y}`, sha(image));
      },
    });
    const names = [...tiles.keys()].sort();
    const digest = sha(names.map((name) => `${name} ${tiles.get(name)}`).join('\n'));
    console.log(`${run.name} tiles: ${rendered.tileCount}, ${digest}`);
    await threads.clear(run.name);
  }
} finally {
  await threads.close();
  await rm(WORK, { recursive: true, force: true });
}
