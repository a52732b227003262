// Renders public/icon.svg into the PNG icons the web manifest lists. Run: node apps/web/scripts/make-icons.mjs
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = await readFile(join(publicDir, 'icon.svg'));

for (const size of [192, 512]) {
  const out = join(publicDir, `icon-${size}.png`);
  await sharp(svg, { density: 300 }).resize(size, size).png().toFile(out);
  console.log(`wrote ${out}`);
}
