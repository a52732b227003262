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
import { join } from 'node:path';
import { decodePlantLayers, renderTiles } from '../apps/server/src/platform/imaging/index.ts';
import {
  analyseAsPipeline,
  benchAnalysisThreads,
  DATASET_RUNS,
  DATASETS,
} from './imaging-eval/pipeline-run.ts';
import { captureInputs } from './imaging-eval/run.ts';

// A fixed directory: the analyses name their HD files, so the same paths give the same JSON.
const WORK = join(tmpdir(), 'ampelos-imaging-fingerprint');

const sha = (data: string | Buffer | Uint8Array) =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);

await rm(WORK, { recursive: true, force: true });
await mkdir(WORK, { recursive: true });
const threads = benchAnalysisThreads(WORK);
const only = process.env.EVAL_ONLY?.split(',');
try {
  for (const run of DATASET_RUNS) {
    const source = join(DATASETS, run.folder);
    if ((only && !only.includes(run.name)) || !existsSync(source)) continue;
    const inputs = await captureInputs(source);
    const { measured, statistics, analysed } = await analyseAsPipeline(threads, inputs, {
      fieldAltitudeM: run.fieldAltitudeM,
      cacheKeys: run.name,
      hdPathOf: (base) => join(WORK, `${run.name}-${base}-hd.jpg`),
    });
    console.log(`${run.name} measurements ${sha(JSON.stringify(measured))}`);
    console.log(`${run.name} statistics ${sha(JSON.stringify(statistics))}`);
    const photos = [];
    for (const { input, base, hdPath, analysis, layers } of analysed) {
      const hdJpeg = await readFile(hdPath);
      console.log(
        `${run.name} ${base}: analysis ${sha(JSON.stringify(analysis))}, HD JPEG ${sha(hdJpeg)}, layers ${layers ? sha(layers) : '-'} (${analysis.boxes.length} boxes)`,
      );
      photos.push({ input, analysis, hdJpeg, layers });
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
