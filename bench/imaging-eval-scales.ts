// How bench:imaging-eval's figures hold when the same photos are analysed at slightly different
// pixel sizes (4.8–5.2 cm around the default 5 cm): a flight a few metres higher or lower, or a
// different resample, must not put boxes on roads or cars that the default size happens to miss.
// Runs the eval once per size (EVAL_ANALYSIS_GSD_M) and prints the accuracy figures side by side,
// and how many of the default size's boxes each size finds again (same photo, same place).
// Run: npm run bench:imaging-eval-scales -w @ampelos/bench (EVAL_SCALES=0.048,0.05 to pick sizes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localFrame } from '../apps/server/src/platform/imaging/geometry/local-frame.ts';

const SCALES = (process.env.EVAL_SCALES ?? '0.048,0.049,0.05,0.051,0.052').split(',');
// The figures that depend on the analysis pixel size (MicaSense's band sets keep their own).
const FIGURES = [
  'seneca: boxes',
  'seneca: boxes on non-plant regions',
  'seneca: largest box side',
  'seneca: IMG_0478 alone / with 2 / with 5 companions',
  'dji: boxes',
  'dji: boxes on non-plant regions',
  'dji: largest box side',
  'synthetic: precision / recall / F1',
];

/** The size whose boxes the others are compared with: the default, else the middle one. */
const REFERENCE = SCALES.includes('0.05') ? '0.05' : (SCALES[SCALES.length >> 1] as string);
/** Two boxes of one photo at two sizes are the same plant within this ground distance (m). */
const SAME_BOX_M = 1;

type BoxCentres = Record<string, { capture: string; boxes: [number, number][] }[]>;

/** Ground distance (m) between two lng/lat points, in a local frame around the first. */
const metresBetween = ([lngA, latA]: [number, number], [lngB, latB]: [number, number]) =>
  Math.hypot(...localFrame(lngA, latA).toMetres(lngB, latB));

/** The reference size's boxes that another size also boxes, photo by photo. */
function foundAgain(reference: BoxCentres, other: BoxCentres, dataset: string): string {
  let found = 0;
  let total = 0;
  for (const capture of reference[dataset] ?? []) {
    const theirs = other[dataset]?.find((c) => c.capture === capture.capture)?.boxes ?? [];
    for (const box of capture.boxes) {
      total++;
      if (theirs.some((twin) => metresBetween(box, twin) <= SAME_BOX_M)) found++;
    }
  }
  return `${found} of ${total}`;
}

const eval_ = fileURLToPath(new URL('imaging-eval.ts', import.meta.url));
const table = new Map<string, string[]>(FIGURES.map((figure) => [figure, []]));
const work = mkdtempSync(join(tmpdir(), 'ampelos-eval-scales-'));
const boxes = new Map<string, BoxCentres>();
for (const scale of SCALES) {
  const boxesFile = join(work, `${scale}.json`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', eval_], {
    env: {
      ...process.env,
      EVAL_BOXES_FILE: boxesFile,
      EVAL_ANALYSIS_GSD_M: scale,
      EVAL_ONLY: process.env.EVAL_ONLY ?? 'seneca,dji,synthetic',
    },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`imaging-eval at ${scale} m failed:\n${run.stderr}`);
  const values = new Map(
    run.stdout
      .split('\n')
      .map((line) => /^\| (.+?) \| (.+) \|$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1] as string, match[2] as string]),
  );
  for (const figure of FIGURES) table.get(figure)?.push(values.get(figure) ?? '–');
  boxes.set(scale, JSON.parse(readFileSync(boxesFile, 'utf8')) as BoxCentres);
  console.log(`${scale} m: done`);
}
rmSync(work, { recursive: true, force: true });
const reference = boxes.get(REFERENCE);
if (reference)
  for (const dataset of ['seneca', 'dji'])
    table.set(
      `${dataset}: boxes at ${Number(REFERENCE) * 100} cm found again (same photo, within ${SAME_BOX_M} m)`,
      SCALES.map((scale) =>
        scale === REFERENCE ? '–' : foundAgain(reference, boxes.get(scale) ?? {}, dataset),
      ),
    );
console.log(`\n| Figure | ${SCALES.map((scale) => `${Number(scale) * 100} cm`).join(' | ')} |`);
console.log(`|---|${SCALES.map(() => '---').join('|')}|`);
for (const [figure, values] of table) console.log(`| ${figure} | ${values.join(' | ')} |`);
