// Speed of the stress analysis on the real captures of ../shared/datasets (issue 16, item 9): CPU
// time of both phases (as the pipeline runs them: phase 1 leaving its work in the disk cache,
// the statistics, phase 2) against sharp's decode + resize of the same files to the HD size,
// measured back to back in each round; and for every capture the map tiles and the PDF against
// that analysis (the goal is the 6-photo Seneca set's). Each round analyses a fresh copy of the
// files, so the band registration cache (keyed by path) starts empty as it does for a new upload.
// Round 0 warms up (JIT, libvips) and is not counted; medians of BENCH_ROUNDS rounds (default 3).
// Run: npm run bench:imaging-speed -w @ampelos/bench (EVAL_ONLY=micasense,seneca,dji to pick).
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { hdFileName, reportKey, tileFile } from '../apps/server/src/modules/datasets/paths.ts';
import { writeReportPdf } from '../apps/server/src/modules/datasets/report-pdf/write-report-pdf.ts';
import type { ReportContext } from '../apps/server/src/modules/datasets/repository.ts';
import {
  type DatasetStatistics,
  decodePlantLayers,
  type PhotoInput,
  planCaptures,
  renderTiles,
} from '../apps/server/src/platform/imaging/index.ts';
import { createLocalStorage } from '../apps/server/src/platform/storage/storage.ts';
import {
  analyseAsPipeline,
  benchAnalysisThreads,
  DATASET_RUNS,
  DATASETS,
  type PipelineAnalysed,
} from './imaging-eval/pipeline-run.ts';
import { captureInputs } from './imaging-eval/run.ts';
import { threadCpuMeter } from './thread-cpu.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HD = 2048;
const WORK = join(tmpdir(), `ampelos-imaging-speed-${process.pid}`);
const threads = benchAnalysisThreads(WORK);

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
/** CPU of the main thread alone (the API's, in a server): the analysis runs in its thread, libvips' and V8's helpers. */
const mainThreadCpuNow = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1e6;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

interface Cost {
  cpu: number;
  mainThreadCpu: number;
  wall: number;
  /** The main thread's longest stall (s): how long a request would wait in a server doing this. */
  stall: number;
  /** CPU seconds by thread name (thread-cpu.ts; empty where the system does not list threads). */
  threads: Map<string, number>;
}
const eventLoop = monitorEventLoopDelay({ resolution: 10 });
eventLoop.enable();
async function cost<T>(run: () => Promise<T>): Promise<Cost & { value: T }> {
  const cpu = cpuNow();
  const mainThreadCpu = mainThreadCpuNow();
  const threads = threadCpuMeter();
  const wall = performance.now();
  eventLoop.reset();
  const value = await run();
  return {
    value,
    threads: threads.stop(),
    cpu: cpuNow() - cpu,
    mainThreadCpu: mainThreadCpuNow() - mainThreadCpu,
    wall: (performance.now() - wall) / 1000,
    stall: eventLoop.max / 1e9,
  };
}

/** Both phases as the pipeline's jobs run them (`analyseAsPipeline`), their cache entries cleared after. */
async function analyse(inputs: PhotoInput[], dir: string, fieldAltitudeM: number | null) {
  const { statistics, analysed } = await analyseAsPipeline(threads, inputs, {
    fieldAltitudeM,
    cacheKeys: 'speed',
    hdPathOf: (base) => join(dir, `${base}-hd.jpg`),
  });
  await threads.clear('speed');
  return { statistics, analysed };
}

/** sharp's decode + resize to the HD size of every file the analysis read. */
async function baseline(inputs: PhotoInput[]) {
  for (const input of inputs)
    for (const path of input.paths)
      await sharp(path).resize(HD, HD, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer();
}

const UUID = '00000000-0000-4000-8000-00000000be9c';

/** The finalize job's two costly steps: the tiles into storage, then the PDF reading them back. */
async function tilesAndPdf(dir: string, statistics: DatasetStatistics, analysed: PipelineAnalysed[]) {
  const storage = createLocalStorage(join(dir, 'storage'));
  for (const a of analysed) {
    await storage.put(reportKey(UUID, hdFileName(a.base)), await readFile(a.hdPath), 'image/jpeg');
    if (a.layers) await storage.put(`layers/${a.base}.bin`, a.layers, 'application/octet-stream');
  }
  const read = async (key: string) => {
    const file = await storage.get(key);
    if (!file) throw new Error(`${key} missing`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  // As finalize does: from the kept plant layers and the stored HD JPEG where phase 2 kept them.
  const tiles = await cost(() =>
    renderTiles({
      photos: analysed.map((a) => ({
        input: a.input,
        analysis: a.analysis,
        ...(a.layers
          ? {
              prepared: async () => ({
                hdJpeg: await read(reportKey(UUID, hdFileName(a.base))),
                layers: await decodePlantLayers(await read(`layers/${a.base}.bin`)),
              }),
            }
          : {}),
      })),
      statistics,
      minZoom: 16,
      onTile: (layer, z, x, y, image, type) =>
        storage.put(reportKey(UUID, tileFile(layer, z, x, y)), image, type),
    }),
  );
  const first = analysed[0]?.analysis;
  const context = {
    report: {
      id: 1,
      uuid: UUID,
      status: 'processing_data',
      service: 'e2e',
      fieldTitle: 'Bench field',
      fieldArea: 50_000,
      layers: [],
    },
    field: {
      title: 'Bench field',
      region: null,
      country: null,
      area: 50_000,
      variety: null,
      centroidLat: first?.lat ?? null,
      centroidLng: first?.lng ?? null,
      polygon: [],
      mapDisplay: null,
    },
    owner: { id: 1, companyId: null, email: 'bench@example.com', firstName: 'B', lastName: 'B', lang: 'en' },
    shoot: null,
  } as unknown as ReportContext;
  const pdf = await cost(() =>
    writeReportPdf(storage, context, {
      images: analysed.map((a) => ({ file: a.base, base: a.base, analysis: a.analysis })),
      layers: tiles.value.layers,
      layerMaxZoom: tiles.value.layerMaxZoom,
      processedAt: new Date('2026-06-01T10:00:00Z'),
      camera: null,
      numOfInputImgs: analysed.length,
      outputData: [],
    }),
  );
  return {
    tiles,
    pdf,
    tileCount: tiles.value.tileCount,
    zooms: `${tiles.value.minZoom}–${tiles.value.maxZoom}`,
  };
}

/**
 * Where a step's CPU goes, by thread, in multiples of another step's CPU (medians over the rounds):
 * for the analysis against the baseline, what the ≤ 2 × goal leaves for the JavaScript once libvips
 * and V8's helpers have had theirs; for the tiles against the analysis, which thread to work on.
 */
function threadSplit(
  costs: { analysis: Cost; baseline: Cost; tiles?: Cost }[],
  step: 'analysis' | 'tiles',
  against: 'baseline' | 'analysis',
): string | null {
  const of = (c: (typeof costs)[number]) => c[step] as Cost;
  const names = new Set(costs.flatMap((c) => [...of(c).threads.keys()]));
  const parts = [...names]
    .map((name) => ({
      name,
      ratio: median(costs.map((c) => (of(c).threads.get(name) ?? 0) / c[against].cpu)),
    }))
    .filter((part) => part.ratio >= 0.01)
    .sort((a, b) => b.ratio - a.ratio);
  if (parts.length === 0) return null;
  const label = against === 'baseline' ? 'decode + resize' : 'analysis';
  return `  ${step} by thread (÷ ${label}): ${parts.map((p) => `${p.name} ${p.ratio.toFixed(2)} ×`).join(', ')}`;
}

const only = process.env.EVAL_ONLY?.split(',');
const summary: string[] = [];
await mkdir(WORK, { recursive: true });
try {
  for (const run of DATASET_RUNS) {
    if (only && !only.includes(run.name)) continue;
    const source = join(DATASETS, run.folder);
    if (!existsSync(source)) {
      console.log(`(skipped ${run.name}: ${source} not found)`);
      continue;
    }
    const ratios: number[] = [];
    const costs: { analysis: Cost; baseline: Cost; tiles?: Cost; pdf?: Cost }[] = [];
    let detail = '';
    for (let round = 0; round <= ROUNDS; round++) {
      // A fresh copy: new paths, so nothing is reused from the previous round.
      const dir = join(WORK, `${run.name}-${round}`);
      await cp(source, join(dir, 'files'), { recursive: true });
      const inputs = await captureInputs(join(dir, 'files'));
      // Only what is analysed: a ground capture (the MicaSense panel shot) is set aside by the plan.
      const plan = planCaptures(inputs, { fieldAltitudeM: run.fieldAltitudeM });
      const base = await cost(() => baseline(inputs.filter((_, i) => plan.captures[i]?.role === 'survey')));
      const analysis = await cost(() => analyse(inputs, dir, run.fieldAltitudeM));
      const files = (await readdir(join(dir, 'files'))).filter((f) => /\.(jpe?g|tiff?)$/i.test(f)).length;
      detail = `${analysis.value.analysed.length} capture(s), ${files} files, ${analysis.value.analysed.reduce((n, a) => n + a.analysis.boxes.length, 0)} boxes`;
      // Every capture's finalize too: the goal (tiles + PDF ≤ the analysis) is the six-photo Seneca
      // set's, and the DJI frames are the low RGB flights most reports come from.
      const finalize = await tilesAndPdf(dir, analysis.value.statistics, analysis.value.analysed);
      await rm(dir, { recursive: true, force: true });
      if (round === 0) continue;
      ratios.push(analysis.cpu / base.cpu);
      costs.push({
        analysis,
        baseline: base,
        ...(finalize ? { tiles: finalize.tiles, pdf: finalize.pdf } : {}),
      });
      if (finalize) detail += `; ${finalize.tileCount} tiles at zooms ${finalize.zooms}`;
    }
    const pick = (key: 'analysis' | 'baseline' | 'tiles' | 'pdf', field: Exclude<keyof Cost, 'threads'>) =>
      median(costs.map((c) => (c[key] as Cost)[field]));
    const line = `${run.name}: analysis CPU ÷ decode + resize ${median(ratios).toFixed(2)} × (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; medians ${pick('analysis', 'cpu').toFixed(2)} s vs ${pick('baseline', 'cpu').toFixed(2)} s CPU; main thread meanwhile ${pick('analysis', 'mainThreadCpu').toFixed(2)} s, its longest stall ${(pick('analysis', 'stall') * 1000).toFixed(0)} ms, wall ${pick('analysis', 'wall').toFixed(2)} s) — ${detail}`;
    console.log(line);
    summary.push(line);
    // Other tenants of a shared machine only ever add CPU time (cache and memory contention): the
    // least of the rounds is the steadiest estimate of each cost, for comparing two versions.
    const least = (key: 'analysis' | 'baseline') => Math.min(...costs.map((c) => c[key].cpu));
    const leastLine = `  least of the rounds: ${(least('analysis') / least('baseline')).toFixed(2)} × (${least('analysis').toFixed(2)} s vs ${least('baseline').toFixed(2)} s CPU)`;
    console.log(leastLine);
    summary.push(leastLine);
    const split = threadSplit(costs, 'analysis', 'baseline');
    if (split) {
      console.log(split);
      summary.push(split);
    }
    if (costs[0]?.tiles) {
      const tiles = costs.map((c) => (c.tiles as Cost).cpu / c.analysis.cpu);
      const pdf = costs.map((c) => (c.pdf as Cost).cpu / c.analysis.cpu);
      const both = costs.map((c) => ((c.tiles as Cost).cpu + (c.pdf as Cost).cpu) / c.analysis.cpu);
      const wall = costs.map((c) => ((c.tiles as Cost).wall + (c.pdf as Cost).wall) / c.analysis.wall);
      const finalizeLine = `${run.name}: tiles + PDF ÷ analysis, CPU ${median(both).toFixed(2)} × (tiles ${median(tiles).toFixed(2)} ×, PDF ${median(pdf).toFixed(2)} ×; ${pick('tiles', 'cpu').toFixed(2)} + ${pick('pdf', 'cpu').toFixed(2)} s vs ${pick('analysis', 'cpu').toFixed(2)} s), wall ${median(wall).toFixed(2)} ×`;
      console.log(finalizeLine);
      summary.push(finalizeLine);
      const tilesSplit = threadSplit(costs, 'tiles', 'analysis');
      if (tilesSplit) {
        console.log(tilesSplit);
        summary.push(tilesSplit);
      }
    }
  }
} finally {
  eventLoop.disable();
  await threads.close();
  await rm(WORK, { recursive: true, force: true });
}
console.log(
  `\n${summary.join('\n')}\n${ROUNDS} rounds after a warm-up, medians; load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
