// Evaluation of the stress analysis on the real captures of ../shared/datasets (see each
// SOURCE.md) and on the synthetic vineyard: the figures of issue 16's goal table, measured in one
// run through the real engine. Boxes drawn on the photos go to bench/output/imaging-eval/ (not
// committed). Method: docs/IMAGING.md, "Evaluation". Run: npm run bench:imaging-eval -w @ampelos/bench
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCapture } from '../apps/server/src/platform/imaging/capture/load-capture.ts';
import {
  datasetStatistics,
  detectStress,
  measurePhoto,
  mergeOverlappingBoxes,
  type PhotoAnalysis,
  type PhotoInput,
  planCaptures,
} from '../apps/server/src/platform/imaging/index.ts';
import { scoreDetections } from '../apps/server/src/platform/imaging/sample-data/evaluate.ts';
import { generateSampleData } from '../apps/server/src/platform/imaging/sample-data/generate.ts';
import { crossViewAgreement } from './imaging-eval/cross-view.ts';
import { writeMaskDisagreement, writeOverlay } from './imaging-eval/overlay.ts';
import { agreement, channelIndexCanopy, engineCanopy, ndviReference } from './imaging-eval/reference.ts';
import { loadRegions, regionUnder } from './imaging-eval/regions.ts';
import { registrationConsistency } from './imaging-eval/registration.ts';
import {
  ANALYSIS_OPTIONS,
  type AnalysedCapture,
  boxesWithCompanions,
  captureInputs,
  type DatasetRun,
  largestBoxSideM,
  runDataset,
} from './imaging-eval/run.ts';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DATASETS = process.env.AMPELOS_DATASETS_DIR ?? resolve(REPO, '../shared/datasets');
const OUT = join(REPO, 'bench/output/imaging-eval');
// Per process: two runs at once (two worktrees on one machine) must not delete each other's files.
const WORK = join(tmpdir(), `ampelos-imaging-eval-${process.pid}`);
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const rows: [string, string][] = [];
const row = (figure: string, value: string) => {
  rows.push([figure, value]);
  console.log(`  ${figure}: ${value}`);
};

async function overlays(dataset: string, run: DatasetRun) {
  await mkdir(join(OUT, dataset), { recursive: true });
  for (const c of run.captures) {
    const regions = loadRegions(dataset, c.base)?.regions ?? [];
    const caption = `${c.base}: ${c.analysis.boxes.length} boxes · ${c.plan.setup.camera} (${c.plan.setup.kind}, ${c.plan.camera.method}) · height ${c.plan.setup.heightM ?? '?'} m from ${c.plan.setup.heightSource}`;
    await writeOverlay(c.hdPath, c.analysis, regions, join(OUT, dataset, `${c.base}.png`), caption);
  }
}

/** Boxes on hand-marked non-plant regions, by label. */
function boxesOnRegions(dataset: string, captures: AnalysedCapture[]) {
  let count = 0;
  const labels: Record<string, number> = {};
  let marked = 0;
  for (const c of captures) {
    const file = loadRegions(dataset, c.base);
    if (!file) continue;
    marked++;
    for (const box of c.analysis.boxes) {
      const b = box.thr_coords;
      const rect = {
        x: b.x * c.analysis.scale.x,
        y: b.y * c.analysis.scale.y,
        w: b.w * c.analysis.scale.x,
        h: b.h * c.analysis.scale.y,
      };
      const region = regionUnder(rect, file.regions);
      if (!region) continue;
      count++;
      labels[region.label] = (labels[region.label] ?? 0) + 1;
    }
  }
  const detail = Object.entries(labels)
    .map(([label, n]) => `${n} ${label}`)
    .join(', ');
  return `${count}${detail ? ` (${detail})` : ''} on ${marked} marked photo(s)`;
}

function sameBoxes(a: PhotoAnalysis['boxes'], b: PhotoAnalysis['boxes']) {
  const key = (box: PhotoAnalysis['boxes'][0]) => JSON.stringify(box.thr_coords);
  const keys = new Set(a.map(key));
  const shared = b.filter((box) => keys.has(key(box))).length;
  return { same: shared === a.length && shared === b.length, shared };
}

/** Each dataset's box centres per capture, written to `EVAL_BOXES_FILE` (bench:imaging-eval-scales compares them). */
const boxCentres: Record<string, { capture: string; boxes: [number, number][] }[]> = {};

function common(dataset: string, folder: string, run: DatasetRun) {
  boxCentres[dataset] = run.captures.map((c) => ({
    capture: c.base,
    boxes: c.analysis.boxes.map((box): [number, number] => [box.lng, box.lat]),
  }));
  const boxes = run.captures.reduce((n, c) => n + c.analysis.boxes.length, 0);
  const largest = Math.max(0, ...run.captures.map((c) => largestBoxSideM(c.analysis) ?? 0));
  row(
    `${dataset}: boxes`,
    `${boxes} on ${run.captures.length} capture(s)${run.groundCaptures.length ? `; ground capture(s) not analysed: ${run.groundCaptures.join(', ')}` : ''}`,
  );
  const merged = mergeOverlappingBoxes(run.captures.map((c) => c.analysis));
  row(
    `${dataset}: plants after merging overlaps by ground position`,
    `${merged.reduce((n, a) => n + a.boxes.length, 0)} of ${boxes} boxes`,
  );
  const crossView = crossViewAgreement(run.captures.map((c) => c.analysis));
  if (crossView.views > 0)
    row(
      `${dataset}: boxes another photo sees well inside its frame, boxed there too`,
      `${crossView.within.map((w) => `${w.count} within ${w.metres} m`).join(', ')} of ${crossView.views} views`,
    );
  row(`${dataset}: largest box side`, `${largest.toFixed(1)} m`);
  row(`${dataset}: boxes on non-plant regions`, boxesOnRegions(folder, run.captures));
  row(
    `${dataset}: analysis CPU ÷ decode + resize`,
    `${(run.cpuSeconds / run.baselineCpuSeconds).toFixed(2)} × (${run.cpuSeconds.toFixed(1)} s vs ${run.baselineCpuSeconds.toFixed(1)} s)`,
  );
  const setup = run.captures[0]?.plan.setup;
  if (setup)
    row(
      `${dataset}: camera, bands, height`,
      `${setup.camera}, ${setup.kind} [${setup.bands.join(', ')}] via ${run.captures[0]?.plan.camera.method}; indices ${setup.indices.join('/')}; ${setup.heightM ?? '?'} m from ${setup.heightSource}`,
    );
  if (run.confirmations.length) row(`${dataset}: staff asked`, run.confirmations.join(' | '));
}

async function micasense() {
  const dir = join(DATASETS, 'micasense-rededge-fresno');
  if (!existsSync(dir)) return console.log(`(skipped: ${dir} not found)`);
  console.log('\nMicaSense RedEdge, Fresno (field altitude typed as 0)');
  const inputs = await captureInputs(dir);
  const run = await runDataset(inputs, join(WORK, 'micasense'), { fieldAltitudeM: 0 });
  common('micasense', 'micasense-rededge-fresno', run);
  const flight = run.captures.find((c) => c.base === 'IMG_0001');
  if (!flight) return;
  // Scale against the known height (SOURCE.md: 174.527 − 101.861 m) and the flight capture alone.
  const known = 174.527 - 101.861;
  const used = flight.plan.height.heightM;
  row(
    'micasense: scale, field altitude 0',
    used
      ? `${used.toFixed(1)} m from ${flight.plan.height.source}, error ${pct(Math.abs(used - known) / known)}`
      : 'staff asked',
  );
  const alone = planCaptures(
    inputs.filter((i) => i.paths[0]?.includes('IMG_0001')),
    { fieldAltitudeM: 0 },
  );
  const aloneHeight = alone.captures[0]?.height;
  row(
    'micasense: flight capture alone, field altitude 0',
    aloneHeight?.heightM
      ? `${aloneHeight.heightM.toFixed(1)} m, error ${pct(Math.abs(aloneHeight.heightM - known) / known)}`
      : `staff asked: ${aloneHeight?.needsConfirmation}`,
  );
  // Boxes against an NDVI reference of the aligned, DLS-calibrated bands.
  const reference = await ndviReference(flight.input);
  const { mask } = reference;
  let centres = 0;
  let halfCanopy = 0;
  let canopyArea = 0;
  let area = 0;
  const sx = mask.width / flight.analysis.hd.w;
  for (const box of flight.analysis.boxes) {
    const b = box.thr_coords;
    const x0 = Math.floor(b.x * sx);
    const y0 = Math.floor(b.y * sx);
    const x1 = Math.max(x0 + 1, Math.ceil((b.x + b.w) * sx));
    const y1 = Math.max(y0 + 1, Math.ceil((b.y + b.h) * sx));
    const centre = mask.values[Math.floor((y0 + y1) / 2) * mask.width + Math.floor((x0 + x1) / 2)];
    if (centre === 1) centres++;
    let inBox = 0;
    let onCanopy = 0;
    for (let y = y0; y < Math.min(y1, mask.height); y++)
      for (let x = x0; x < Math.min(x1, mask.width); x++) {
        const v = mask.values[y * mask.width + x];
        if (v === 255) continue;
        inBox++;
        if (v === 1) onCanopy++;
      }
    if (inBox && onCanopy / inBox >= 0.5) halfCanopy++;
    canopyArea += onCanopy;
    area += inBox;
  }
  const n = flight.analysis.boxes.length || 1;
  row(
    'micasense: box centres on NDVI canopy',
    `${pct(centres / n)} (reference NDVI > ${mask.threshold.toFixed(3)}, Otsu)`,
  );
  row('micasense: boxes at least half canopy', pct(halfCanopy / n));
  row('micasense: box area on canopy', pct(area ? canopyArea / area : 0));
  // The engine's canopy from the visible bands alone, and from NDVI, against the reference.
  const gsd = flight.analysis.groundResolutionM;
  const rgbPlanes = { ...reference.planes, kind: 'rgb' as const, nir: null, redEdge: null };
  const rgb = engineCanopy(rgbPlanes, gsd);
  const rgbAgreement = agreement(rgb.mask, mask);
  row(
    'micasense: RGB canopy vs aligned NDVI',
    `${rgbAgreement.accuracy.toFixed(3)} of pixels (canopy IoU ${rgbAgreement.canopyIoU.toFixed(3)}; engine mask: ${rgb.source})`,
  );
  // Drawn on the photo to be looked at: red where only the RGB mask has canopy, blue where only NDVI.
  await mkdir(join(OUT, 'micasense-rededge-fresno'), { recursive: true });
  await writeMaskDisagreement(
    reference.planes.display,
    mask.width,
    mask.height,
    rgb.mask,
    mask.values,
    join(OUT, 'micasense-rededge-fresno', `${flight.base}-rgb-canopy-vs-ndvi.png`),
  );
  const ms = engineCanopy(reference.planes, gsd);
  const msAgreement = agreement(ms.mask, mask);
  row(
    'micasense: NDVI canopy vs reference',
    `${msAgreement.accuracy.toFixed(3)} (canopy IoU ${msAgreement.canopyIoU.toFixed(3)}; engine mask: ${ms.source})`,
  );
  const consistency = await registrationConsistency(flight.input.paths);
  row(
    'micasense: band registration, round trip / closure',
    `a → b → a ${consistency.roundTrip.median.toFixed(2)} px median, ${consistency.roundTrip.max.toFixed(2)} px largest; a → b → c vs a → c ${consistency.closure.median.toFixed(2)} / ${consistency.closure.p90.toFixed(2)} / ${consistency.closure.max.toFixed(2)} px (median / 90 % / largest)`,
  );
  await panelCheck(inputs);
  await overlays('micasense-rededge-fresno', run);
}

/**
 * Radiometry: the DLS-based reflectance of the reflectance panel (ground capture, region drawn
 * by hand inside the white square) against the panel's calibration sheet.
 */
async function panelCheck(inputs: PhotoInput[]) {
  const file = join(REPO, 'bench/fixtures/panels/micasense-rededge-fresno.json');
  const panel = JSON.parse(await readFile(file, 'utf8')) as {
    capture: string;
    regionInGreenBandPixels: { x: number; y: number; w: number; h: number };
    albedo: Record<'blue' | 'green' | 'red' | 'redEdge' | 'nir', number>;
  };
  const input = inputs.find((i) => i.paths[0]?.includes(panel.capture));
  if (!input) return;
  const planes = await loadCapture(input, 4096);
  const { x, y, w, h } = panel.regionInGreenBandPixels;
  const ratios = (Object.keys(panel.albedo) as (keyof typeof panel.albedo)[]).map((band) => {
    const plane = planes[band] as Float32Array;
    let sum = 0;
    for (let row = y; row < y + h; row++)
      for (let col = x; col < x + w; col++) sum += plane[row * planes.width + col] as number;
    return `${band} ${(sum / (w * h)).toFixed(3)}/${panel.albedo[band]} = ${(sum / (w * h) / panel.albedo[band]).toFixed(2)}`;
  });
  row('micasense: DLS reflectance of the panel ÷ its calibration sheet', ratios.join(', '));
}

async function seneca() {
  const dir = join(DATASETS, 'odm-seneca-nir-farm');
  if (!existsSync(dir)) return console.log(`(skipped: ${dir} not found)`);
  console.log('\nNIR-modified Canon, Seneca');
  const inputs = await captureInputs(dir);
  const run = await runDataset(inputs, join(WORK, 'seneca'));
  common('seneca', 'odm-seneca-nir-farm', run);
  const channels = run.captures[0]?.plan.camera.channels;
  const differences: string[] = [];
  let worst = 0;
  for (const c of run.captures) {
    // The reference: NDVI from the NIR (red) and visible (blue) channels of the NGB filter.
    const ref = await channelIndexCanopy(c.input.paths[0] as string, 0, 2);
    const diff = Math.abs(c.analysis.canopyShare - ref.share) * 100;
    worst = Math.max(worst, diff);
    differences.push(`${c.base} ${pct(c.analysis.canopyShare)} vs ${pct(ref.share)}`);
  }
  row(
    'seneca: recognised as',
    `${run.captures[0]?.plan.camera.kind}, NIR channel ${channels?.nir ?? '—'}, visible channel ${channels?.red ?? '—'}`,
  );
  row('seneca: canopy vs (R−B)/(R+B) Otsu', `worst ${worst.toFixed(1)} points; ${differences.join('; ')}`);
  // Same photo, different companions.
  const target = inputs.find((i) => i.paths[0]?.endsWith('IMG_0478.jpg')) as PhotoInput;
  const others = inputs.filter((i) => i !== target);
  const alone = await boxesWithCompanions(target, [], join(WORK, 'seneca-alone'));
  const two = await boxesWithCompanions(
    target,
    others.filter((i) => /IMG_047[79]/.test(i.paths[0] as string)),
    join(WORK, 'seneca-two'),
  );
  const all = run.captures.find((c) => c.base === 'IMG_0478')?.analysis.boxes ?? [];
  const ab = sameBoxes(alone, two);
  const ac = sameBoxes(alone, all);
  row(
    'seneca: IMG_0478 alone / with 2 / with 5 companions',
    `${alone.length} / ${two.length} / ${all.length} boxes; identical: ${ab.same && ac.same ? 'yes' : 'no'}`,
  );
  await overlays('odm-seneca-nir-farm', run);
}

async function dji() {
  const dir = join(DATASETS, 'dji-phantom3-brighton-beach');
  if (!existsSync(dir)) return console.log(`(skipped: ${dir} not found)`);
  console.log('\nDJI Phantom 3, Brighton Beach park (RGB)');
  const inputs = await captureInputs(dir);
  const run = await runDataset(inputs, join(WORK, 'dji'), { fieldAltitudeM: 0 });
  common('dji', 'dji-phantom3-brighton-beach', run);
  const c = run.captures[0];
  if (c?.plan.height.heightM)
    row(
      'dji: scale',
      `${c.plan.height.heightM} m from ${c.plan.height.source} (SOURCE.md: ≈ 40 m above take-off at ground level)`,
    );
  await overlays('dji-phantom3-brighton-beach', run);
}

async function synthetic() {
  console.log('\nSynthetic vineyard (sample-data generator, seed 1)');
  const dir = join(WORK, 'synthetic');
  await rm(dir, { recursive: true, force: true });
  const truth = await generateSampleData({ outDir: dir, seed: 1, orthoGsdM: 0 });
  const inputs = truth.photos.map((photo) => ({ paths: [join(dir, photo.file)] }));
  const statistics = datasetStatistics(
    await Promise.all(inputs.map((input) => measurePhoto(input, ANALYSIS_OPTIONS))),
  );
  let tp = 0;
  let detected = 0;
  let expected = 0;
  for (const [i, input] of inputs.entries()) {
    const photo = truth.photos[i] as (typeof truth.photos)[0];
    const analysis = await detectStress(
      input,
      statistics,
      { hdPath: join(dir, `${photo.file}-hd.jpg`), imageId: photo.file },
      ANALYSIS_OPTIONS,
    );
    const score = scoreDetections(
      analysis.boxes.map((b) => b.thr_coords),
      photo.boxes,
      photo.partialBoxes,
    );
    tp += score.truePositives;
    // Boxes on stressed plants cut by the frame (not in the truth) count neither way.
    detected += score.counted;
    expected += photo.boxes.length;
  }
  const precision = detected ? tp / detected : 1;
  const recall = expected ? tp / expected : 1;
  row(
    'synthetic: precision / recall / F1',
    `${precision.toFixed(3)} / ${recall.toFixed(3)} / ${((2 * precision * recall) / (precision + recall || 1)).toFixed(3)}`,
  );
}

if (!existsSync(DATASETS)) {
  console.log(
    `Real captures not found at ${DATASETS} (set AMPELOS_DATASETS_DIR): only the synthetic scenes are evaluated.`,
  );
}
await rm(WORK, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const only = process.env.EVAL_ONLY?.split(',');
if (ANALYSIS_OPTIONS.analysisGsdM)
  console.log(`Analysis pixel size ${ANALYSIS_OPTIONS.analysisGsdM} m (EVAL_ANALYSIS_GSD_M)`);
for (const [name, run] of [
  ['micasense', micasense],
  ['seneca', seneca],
  ['dji', dji],
  ['synthetic', synthetic],
] as const) {
  if (!only || only.includes(name)) await run();
}
if (process.env.EVAL_BOXES_FILE) await writeFile(process.env.EVAL_BOXES_FILE, JSON.stringify(boxCentres));
console.log(`\nOverlays: ${OUT}`);
console.log('\n| Figure | Value |\n|---|---|');
for (const [figure, value] of rows) console.log(`| ${figure} | ${value} |`);
await rm(WORK, { recursive: true, force: true });
