import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  earthSearchItem,
  fieldBand,
  gridAround,
  pixelRectRing,
  type SceneGrid,
  type StacServer,
  startStacServer,
  writeBand,
} from '../test-support/stac-fixture.ts';
import type { AgroField } from '../types.ts';
import { AgroRequestError } from '../types.ts';
import { acquisitionDay, createSentinel2Stac } from './sentinel2.ts';

/**
 * Synthetic scenes with known reflectances: the field is 20 × 20 pixels of 10 m; its left half is
 * vine canopy (red 0.05, NIR 0.30, SWIR 0.10), its right half sparser (0.10, 0.20, 0.15); around it
 * everything is 0.20 (NDVI 0), so a pixel leaking in from outside would show in min/max. Integers
 * carry the L2A +1000 offset (offset −0.1).
 */
const FIELD_COL = 200;
const SIZE = 512;
const red = (dn: number) => fieldBand(FIELD_COL, { outside: 3000 - dn, west: 1500 - dn, east: 2000 - dn });
const nir = (dn: number) => fieldBand(FIELD_COL, { outside: 3000 - dn, west: 4000 - dn, east: 3000 - dn });
const swir = (dn: number) =>
  fieldBand(FIELD_COL, { outside: 3000 - dn, west: 2000 - dn, east: 2500 - dn }, 2);
/** SCL (20 m): vegetation, one no-data row over the left half (20 pixels of 10 m), a 16-pixel cloud on the right. */
const scl = (col: number, row: number) => {
  if (row === 100 && col >= 100 && col < 105) return 0;
  if ((col === 106 || col === 107) && (row === 104 || row === 105)) return 9;
  if (col < 4 && row < 4) return 9;
  return 4;
};

let dir: string;
let server: StacServer;
let grid: SceneGrid;
let field: AgroField;
const hrefs = (prefix: string, sclPrefix = prefix) => ({
  red: server.cogUrl(`${prefix}_red.tif`),
  nir: server.cogUrl(`${prefix}_nir.tif`),
  swir16: server.cogUrl(`${prefix}_swir16.tif`),
  scl: server.cogUrl(`${sclPrefix}_scl.tif`),
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ampelos-stac-'));
  server = await startStacServer(dir);
  grid = gridAround(22.7105, 37.8175, SIZE, FIELD_COL, FIELD_COL);
  const ring = pixelRectRing(grid, FIELD_COL, FIELD_COL, FIELD_COL + 20, FIELD_COL + 20);
  field = { uuid: 'f-1', title: 'Nemea', ring, lat: 37.8175, lng: 22.7105, agroId: null };
  const file = (name: string) => path.join(dir, name);
  for (const [prefix, dn] of [
    ['A', 0],
    ['C', 1000],
  ] as const) {
    await writeBand(file(`${prefix}_red.tif`), grid, 10, red(dn));
    await writeBand(file(`${prefix}_nir.tif`), grid, 10, nir(dn));
    await writeBand(file(`${prefix}_swir16.tif`), grid, 20, swir(dn));
    await writeBand(file(`${prefix}_scl.tif`), grid, 20, scl, 'uint8');
  }
  await writeBand(file('B_scl.tif'), grid, 20, () => 9, 'uint8');
  // The same acquisition on an overlapping tile, with no data over the field's right half.
  await writeBand(file('A2_scl.tif'), grid, 20, (c, r) => (c >= 105 && c < 110 ? 0 : scl(c, r)), 'uint8');
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const items = () => [
  earthSearchItem({
    id: 'S2B_A',
    datetime: '2025-06-03T09:20:31.024Z',
    grid,
    cloudCover: 12,
    hrefs: hrefs('A'),
  }),
  earthSearchItem({
    id: 'S2B_A2',
    datetime: '2025-06-03T09:20:52.000Z',
    grid,
    cloudCover: 3,
    hrefs: hrefs('A', 'A2'),
  }),
  earthSearchItem({
    id: 'S2A_B',
    datetime: '2025-06-08T09:20:29.000Z',
    grid,
    cloudCover: 55,
    hrefs: hrefs('A', 'B'),
  }),
  earthSearchItem({
    id: 'S2B_C',
    datetime: '2025-06-13T09:20:30.000Z',
    grid,
    cloudCover: 8,
    hrefs: hrefs('C'),
    offsetApplied: true,
  }),
];

beforeEach(() => {
  server.answerSearch(() => ({ json: { type: 'FeatureCollection', features: items(), links: [] } }));
  server.setIgnoreRanges(false);
  server.setMissing([]);
  server.cogRequests.length = 0;
  server.searches.length = 0;
});

const stac = () =>
  createSentinel2Stac({
    baseUrl: server.stacUrl,
    collection: 'sentinel-2-l2a',
    maxCloud: 60,
    timeoutMs: 2000,
  });
const FROM = new Date('2025-06-01T00:00:00Z');
const TO = new Date('2025-06-30T00:00:00Z');

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
/** 180 clear pixels on the left, 184 on the right (20 no data, 16 cloudy). */
const mean = (left: number, right: number) => round4((180 * left + 184 * right) / 364);
const [L, R] = [
  { r: 0.05, n: 0.3, s: 0.1 },
  { r: 0.1, n: 0.2, s: 0.15 },
];
const ndvi = (p: typeof L) => (p.n - p.r) / (p.n + p.r);
const evi2 = (p: typeof L) => (2.5 * (p.n - p.r)) / (p.n + 2.4 * p.r + 1);
const ndwi = (p: typeof L) => (p.n - p.s) / (p.n + p.s);
const EXPECTED_INDICES = {
  ndvi: { min: 0.3333, max: 0.7143, mean: mean(ndvi(L), ndvi(R)) },
  evi2: { min: 0.1736, max: 0.4401, mean: mean(evi2(L), evi2(R)) },
  ndwi: { min: 0.1429, max: 0.5, mean: mean(ndwi(L), ndwi(R)) },
};

describe('Sentinel-2 statistics from a STAC catalogue', () => {
  it('computes NDVI, EVI2 and NDWI over the field, without clouds, no data or outside pixels', async () => {
    const result = await stac().fieldStats(field, FROM, TO);
    expect(result.failedScenes).toBe(0);
    expect(result.entries).toEqual([
      {
        dt: Math.floor(Date.parse('2025-06-03T09:20:31.024Z') / 1000),
        source: 'sentinel-2-stac',
        dc: 95,
        cl: 4.21,
        indices: EXPECTED_INDICES,
      },
      // Clouds over the whole field: a date with imagery but no index.
      {
        dt: Date.parse('2025-06-08T09:20:29Z') / 1000,
        source: 'sentinel-2-stac',
        dc: 100,
        cl: 100,
        indices: {},
      },
      // Pixels already corrected (boa_offset_applied): the declared −0.1 is not applied twice.
      {
        dt: Date.parse('2025-06-13T09:20:30Z') / 1000,
        source: 'sentinel-2-stac',
        dc: 95,
        cl: 4.21,
        indices: EXPECTED_INDICES,
      },
    ]);
    expect(EXPECTED_INDICES.ndvi.mean).toBeCloseTo(0.5217, 4);
  });

  it('asks the catalogue for the field, the period and the cloud limit', async () => {
    await stac().fieldStats(field, FROM, TO);
    const body = server.searches[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      collections: ['sentinel-2-l2a'],
      datetime: '2025-06-01T00:00:00.000Z/2025-06-30T00:00:00.000Z',
      query: { 'eo:cloud_cover': { lte: 60 } },
    });
    const [minLng, minLat, maxLng, maxLat] = body.bbox as [number, number, number, number];
    expect(minLng).toBeLessThan(22.7105 + 0.01);
    expect(maxLng - minLng).toBeLessThan(0.01);
    expect(maxLat - minLat).toBeLessThan(0.01);
  });

  it('reads only the tiles over the field, by range requests', async () => {
    server.answerSearch(() => ({ json: { features: items().slice(0, 1) } }));
    await stac().fieldStats(field, FROM, TO);
    expect(server.cogRequests.length).toBeGreaterThan(0);
    expect(server.cogRequests.every((request) => request.range?.startsWith('bytes='))).toBe(true);
    const size = (await stat(path.join(dir, 'A_red.tif'))).size;
    const read = server.cogRequests
      .filter((request) => request.file === 'A_red.tif')
      .reduce((sum, request) => sum + request.bytes, 0);
    expect(read).toBeLessThan(size / 2);
  });

  it('does not read acquisitions the report already has', async () => {
    const known = new Set([acquisitionDay(Date.parse('2025-06-03T12:00:00Z') / 1000)]);
    const result = await stac().fieldStats(field, FROM, TO, known);
    expect(result.entries.map((entry) => new Date(entry.dt * 1000).getUTCDate())).toEqual([8, 13]);
    expect(server.cogRequests.some((request) => request.file === 'A2_scl.tif')).toBe(false);
  });

  it('skips an unreadable scene and reports it; fails when every scene is unreadable', async () => {
    server.setMissing(['C_nir.tif']);
    const partial = await stac().fieldStats(field, FROM, TO);
    expect(partial.entries).toHaveLength(2);
    expect(partial.failedScenes).toBe(1);
    expect(partial.firstFailure).toBeInstanceOf(AgroRequestError);

    server.setMissing(['A_red.tif', 'C_red.tif']);
    await expect(stac().fieldStats(field, FROM, TO)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('refuses a server that answers a range request with the whole file', async () => {
    server.setIgnoreRanges(true);
    await expect(stac().fieldStats(field, FROM, TO)).rejects.toThrow(/ignores range requests/);
  });

  it('fails as the other providers do when the catalogue fails', async () => {
    server.answerSearch(() => ({ status: 502, text: 'Bad gateway' }));
    await expect(stac().fieldStats(field, FROM, TO)).rejects.toMatchObject({ kind: 'http', status: 502 });
    server.answerSearch(() => ({ text: '{"type":"FeatureCollection",' }));
    await expect(stac().fieldStats(field, FROM, TO)).rejects.toMatchObject({ kind: 'bad_response' });
    server.answerSearch(() => ({ delayMs: 600, json: { features: [] } }));
    const slow = createSentinel2Stac({
      baseUrl: server.stacUrl,
      collection: 'c',
      maxCloud: 60,
      timeoutMs: 200,
    });
    await expect(slow.fieldStats(field, FROM, TO)).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('follows the next link of a paged search', async () => {
    const [first, ...rest] = items();
    server.answerSearch((body) =>
      (body as { next?: string }).next === 'page-2'
        ? { json: { features: rest, links: [] } }
        : {
            json: {
              features: [first],
              links: [
                {
                  rel: 'next',
                  method: 'POST',
                  merge: true,
                  body: { next: 'page-2' },
                  href: `${server.stacUrl}/search`,
                },
              ],
            },
          },
    );
    const result = await stac().fieldStats(field, FROM, TO);
    expect(result.entries).toHaveLength(3);
    expect(server.searches[1]).toMatchObject({ collections: ['sentinel-2-l2a'], next: 'page-2' });
  });

  const hasGdal = (() => {
    try {
      execFileSync('gdal_translate', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasGdal)('reads cloud-optimised GeoTIFFs written by GDAL (deflate, overviews)', async () => {
    for (const band of ['red', 'nir', 'swir16', 'scl']) {
      const source = path.join(dir, `A_${band}.tif`);
      const plain = path.join(dir, `G_${band}.plain.tif`);
      await copyFile(source, plain);
      execFileSync('gdal_translate', [
        '-q',
        '-of',
        'COG',
        '-co',
        'COMPRESS=DEFLATE',
        '-co',
        'BLOCKSIZE=256',
        plain,
        path.join(dir, `G_${band}.tif`),
      ]);
    }
    server.answerSearch(() => ({
      json: {
        features: [
          earthSearchItem({
            id: 'S2B_G',
            datetime: '2025-06-03T09:20:31Z',
            grid,
            cloudCover: 12,
            hrefs: hrefs('G'),
          }),
        ],
      },
    }));
    const result = await stac().fieldStats(field, FROM, TO);
    expect(result.entries[0]).toMatchObject({ dc: 95, cl: 4.21, indices: EXPECTED_INDICES });
  });
});
