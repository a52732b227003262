// Tiling a large GeoTIFF (default 20,000 × 20,000 RGB, UTM 34N, 10 cm) into 512-px XYZ PNG tiles:
// renderTiles (High Definition layer) against `gdal2tiles.py --processes=2 --xyz` from Debian's
// gdal-bin on the same file and zoom range, both writing PNG files to disk, in the same run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderTiles } from '../apps/server/src/platform/imaging/index.ts';
import { writeGeoTiff } from '../apps/server/src/platform/imaging/raster/write-geotiff.ts';

const SIZE = Number(process.env.BENCH_RASTER_SIZE ?? 20000);
const GSD = 0.1;
const [MIN_ZOOM, MAX_ZOOM] = (process.env.BENCH_ZOOM ?? '14-19').split('-').map(Number) as [number, number];
const root = join(tmpdir(), 'ampelos-bench-tiles');
const raster = join(root, `ortho-${SIZE}.tif`);

/** Vine rows on soil with per-pixel noise: cheap enough to write 400 MP in seconds. */
async function ensureRaster() {
  const expected = SIZE * SIZE * 3;
  if (existsSync(raster) && statSync(raster).size >= expected) return;
  await mkdir(root, { recursive: true });
  console.log(
    `Writing a ${SIZE} × ${SIZE} RGB GeoTIFF (${(expected / 1e9).toFixed(1)} GB, tiled, uncompressed)…`,
  );
  await writeGeoTiff(raster, {
    width: SIZE,
    height: SIZE,
    bands: 3,
    sampleType: 'uint8',
    geoTransform: [640000, GSD, 0, 4190000, 0, -GSD],
    epsg: 32634,
    bandDescriptions: ['Red', 'Green', 'Blue'],
    renderWindow: (x0, y0, w, h) => {
      const out = new Uint8Array(w * h * 3);
      let seed = (x0 * 73856093) ^ (y0 * 19349663);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          seed = (seed * 1103515245 + 12345) | 0;
          const noise = (seed >>> 24) & 31;
          const across = ((x0 + x) * 0.42 + (y0 + y) * 0.91) % 24; // rows every 2.4 m, 25° off north
          const i = (y * w + x) * 3;
          if (across < 7) out.set([50 + noise, 100 + noise, 35 + (noise >> 1)], i);
          else out.set([140 + noise, 112 + noise, 82 + noise], i);
        }
      }
      return out;
    },
  });
}

async function countFiles(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.png')) count++;
  return count;
}

const gdal2tiles = spawnSync('gdal2tiles.py', ['--version'], { encoding: 'utf8' });
if (gdal2tiles.error) {
  console.error('gdal2tiles.py not found: apt-get install gdal-bin python3-gdal');
  process.exit(1);
}
await ensureRaster();
// Both runs read the file from the page cache.
execFileSync('cat', [raster], { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 });

const oursDir = join(root, 'ours');
const gdalDir = join(root, 'gdal2tiles');
await rm(oursDir, { recursive: true, force: true });
await rm(gdalDir, { recursive: true, force: true });

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);
const oursStart = performance.now();
const made = new Set<string>();
const summary = await renderTiles({
  raster: { path: raster, analyses: [] },
  statistics: { indicators: {}, canopyPixels: 0, totalPixels: 0 },
  minZoom: MIN_ZOOM,
  maxZoom: MAX_ZOOM,
  layers: ['no_pseu'],
  onTile: async (layer, z, x, y, png) => {
    const folder = join(oursDir, layer, String(z), String(x));
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await writeFile(join(folder, `${y}.png`), png);
  },
});
const oursSeconds = (performance.now() - oursStart) / 1000;
clearInterval(sampler);

const gdalStart = performance.now();
execFileSync(
  'gdal2tiles.py',
  [
    '--processes=2',
    '--xyz',
    '--tilesize=512',
    `-z`,
    `${MIN_ZOOM}-${MAX_ZOOM}`,
    '-w',
    'none',
    '-q',
    raster,
    gdalDir,
  ],
  { stdio: 'inherit' },
);
const gdalSeconds = (performance.now() - gdalStart) / 1000;

const gdalTiles = await countFiles(gdalDir);
console.log(
  `${SIZE} × ${SIZE} RGB GeoTIFF (EPSG:32634, ${GSD} m), zooms ${MIN_ZOOM}–${MAX_ZOOM}, 512-px PNG tiles`,
);
console.log(
  `gdal2tiles.py --processes=2 --xyz  ${gdalSeconds.toFixed(1).padStart(7)} s  ${String(gdalTiles).padStart(6)} tiles`,
);
console.log(
  `renderTiles (no_pseu)              ${oursSeconds.toFixed(1).padStart(7)} s  ${String(summary.tileCount).padStart(6)} tiles  peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
);
console.log(`speed vs gdal2tiles: ${(gdalSeconds / oursSeconds).toFixed(2)} × (above 1 = faster)`);
