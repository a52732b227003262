import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDir } from '../test-support/paths.ts';
import { openRaster } from './open-raster.ts';
import { readRasterInfo } from './raster-info.ts';
import { readWindowPlanes } from './read-window.ts';
import { writeGeoTiff } from './write-geotiff.ts';

function gdalAvailable(): boolean {
  try {
    execFileSync('gdalinfo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const CASES = [
  // A vineyard in Nemea (UTM 34N), one in the southern hemisphere (Mendoza, UTM 19S), and Web Mercator.
  { name: 'utm34n', epsg: 32634, origin: [646173, 4187108], gsd: 0.05 },
  { name: 'utm19s', epsg: 32719, origin: [514000, 6355000], gsd: 0.1 },
  { name: 'mercator', epsg: 3857, origin: [2522600, 4554000], gsd: 0.08 },
];

describe('readRasterInfo', () => {
  let dir: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    dir = await temporaryDir();
    for (const { name, epsg, origin, gsd } of CASES) {
      await writeGeoTiff(join(dir.path, `${name}.tif`), {
        width: 300,
        height: 200,
        bands: 4,
        sampleType: 'uint8',
        geoTransform: [origin[0] as number, gsd, 0, origin[1] as number, 0, -gsd],
        epsg,
        bandDescriptions: ['Red', 'Green', 'Blue', 'NIR'],
        compression: 'deflate',
        tileSize: 128,
        renderWindow: (x, y, w, h) => {
          const out = new Uint8Array(w * h * 4);
          for (let i = 0; i < w * h; i++)
            out.set([(x + (i % w)) % 256, (y + Math.floor(i / w)) % 256, 50, 200], i * 4);
          return out;
        },
      });
    }
  });
  afterAll(async () => {
    await dir.remove();
  });

  it('reads size, bands by description, CRS and geotransform', async () => {
    const info = await readRasterInfo(join(dir.path, 'utm34n.tif'));
    expect(info).toMatchObject({
      width: 300,
      height: 200,
      bandCount: 4,
      bitsPerSample: 8,
      sampleFormat: 'uint',
      bandDescriptions: ['Red', 'Green', 'Blue', 'NIR'],
      bands: { red: 0, green: 1, blue: 2, nir: 3, redEdge: null, alpha: null },
      epsg: 32634,
      geoTransform: [646173, 0.05, 0, 4187108, 0, -0.05],
    });
    // UTM scale factor near the zone edge: ground metres differ from grid metres by < 0.1 %.
    expect(info.groundResolutionM).toBeCloseTo(0.05, 3);
  });

  it.each(CASES)('reprojects the $name footprint to the WGS84 corners gdalinfo reports', async ({ name }) => {
    const path = join(dir.path, `${name}.tif`);
    const info = await readRasterInfo(path);
    const ring = info.footprint?.coordinates[0] as [number, number][];
    // The ring is densified: 8 points per edge, corners at 0 (top-left), 8, 16, 24.
    const corners = [ring[0], ring[24], ring[16], ring[8]];
    if (!gdalAvailable()) {
      expect(corners.every((corner) => corner !== undefined)).toBe(true);
      return;
    }
    const gdal = JSON.parse(execFileSync('gdalinfo', ['-json', path], { encoding: 'utf8' }));
    // gdalinfo: upper-left, lower-left, lower-right, upper-right (rounded to 1e-7°).
    const expected = gdal.wgs84Extent.coordinates[0].slice(0, 4) as [number, number][];
    corners.forEach((corner, i) => {
      expect(Math.abs((corner as [number, number])[0] - (expected[i] as [number, number])[0])).toBeLessThan(
        2e-7,
      );
      expect(Math.abs((corner as [number, number])[1] - (expected[i] as [number, number])[1])).toBeLessThan(
        2e-7,
      );
    });
  });

  it('reads a window without decoding the whole raster, with black fill as invalid', async () => {
    const raster = await openRaster(join(dir.path, 'utm34n.tif'));
    try {
      const planes = await readWindowPlanes(raster, { x: 100, y: 50, w: 64, h: 32 }, 32, 16);
      expect(planes).toMatchObject({ kind: 'multispectral', width: 32, height: 16, sourceWidth: 64 });
      // Area average of columns 100 and 101 → (100.5)/255.
      expect(planes.red[0]).toBeCloseTo(100.5 / 255, 5);
      expect(planes.nir?.[0]).toBeCloseTo(200 / 255, 5);
      expect(planes.valid.every((value) => value === 1)).toBe(true);
    } finally {
      await raster.close();
    }
  });
});
