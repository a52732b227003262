// How bench:imaging-eval's figures hold when the same photos are analysed at slightly different
// pixel sizes (4.8–5.2 cm around the default 5 cm): a flight a few metres higher or lower, or a
// different resample, must not put boxes on roads or cars that the default size happens to miss.
// Runs the eval once per size (EVAL_ANALYSIS_GSD_M) and prints the accuracy figures side by side.
// Run: npm run bench:imaging-eval-scales -w @ampelos/bench (EVAL_SCALES=0.048,0.05 to pick sizes).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

const eval_ = fileURLToPath(new URL('imaging-eval.ts', import.meta.url));
const table = new Map<string, string[]>(FIGURES.map((figure) => [figure, []]));
for (const scale of SCALES) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', eval_], {
    env: {
      ...process.env,
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
  console.log(`${scale} m: done`);
}
console.log(`\n| Figure | ${SCALES.map((scale) => `${Number(scale) * 100} cm`).join(' | ')} |`);
console.log(`|---|${SCALES.map(() => '---').join('|')}|`);
for (const [figure, values] of table) console.log(`| ${figure} | ${values.join(' | ')} |`);
