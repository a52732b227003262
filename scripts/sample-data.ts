// Writes a synthetic vineyard dataset with ground truth: `npm run sample-data -- <outDir> [--seed N]
// [--photos LINESxPER_LINE] [--size WIDTHxHEIGHT] [--ortho-size METRES] [--ortho-gsd METRES]`.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSampleData } from '../apps/server/src/platform/imaging/sample-data/generate.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string', default: '1' },
    photos: { type: 'string', default: '2x2' },
    size: { type: 'string', default: '1200x800' },
    'ortho-size': { type: 'string', default: '40' },
    'ortho-gsd': { type: 'string', default: '0.05' },
  },
});
const outDir = positionals[0];
if (!outDir) {
  console.error('Usage: npm run sample-data -- <outDir> [--seed N] [--photos 2x2] [--size 1200x800]');
  process.exit(1);
}
const [lines, perLine] = values.photos.split('x').map(Number);
const [photoWidth, photoHeight] = values.size.split('x').map(Number);
const truth = await generateSampleData({
  outDir: resolve(outDir),
  seed: Number(values.seed),
  lines,
  photosPerLine: perLine,
  photoWidth,
  photoHeight,
  orthoHalfSizeM: Number(values['ortho-size']) / 2,
  orthoGsdM: Number(values['ortho-gsd']),
});
const boxes = truth.photos.reduce((sum, photo) => sum + photo.boxes.length, 0);
console.log(
  `Wrote ${truth.photos.length} photos (${boxes} stressed-plant boxes), ` +
    `${truth.orthomosaic ? `an orthomosaic (${truth.orthomosaic.boxes.length} boxes), ` : ''}` +
    `and ground-truth.json to ${resolve(outDir)} (${truth.plants.length} stressed plants, seed ${truth.seed})`,
);
