import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
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
} from '../../platform/agro/test-support/stac-fixture.ts';
import { createField, signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Two synthetic Sentinel-2 acquisitions over a field of 20 × 20 pixels of 10 m (docs/AGRO.md): the
 * field's west half is dense canopy (NDVI 0.71), its east half sparse (NDVI 0.33) on 3 June; on 13
 * June the east half has dried out (NIR down: NDVI 0.20), the west half is unchanged.
 */
const FIELD_COL = 100;
const SIZE = 256;
const red = fieldBand(FIELD_COL, { outside: 3000, west: 1500, east: 2000 });
const nir = (eastNir: number) => fieldBand(FIELD_COL, { outside: 3000, west: 4000, east: eastNir });
const swir = fieldBand(FIELD_COL, { outside: 3000, west: 2000, east: 2000 }, 2);

let dir: string;
let stac: StacServer;
let grid: SceneGrid;
let ctx: TestApp;
let ring: [number, number][];

const item = (id: string, datetime: string, prefix: string) =>
  earthSearchItem({
    id,
    datetime,
    grid,
    cloudCover: 5,
    hrefs: {
      red: stac.cogUrl('red.tif'),
      nir: stac.cogUrl(`${prefix}_nir.tif`),
      swir16: stac.cogUrl('swir16.tif'),
      scl: stac.cogUrl('scl.tif'),
    },
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ampelos-index-'));
  stac = await startStacServer(dir);
  grid = gridAround(22.7105, 37.8175, SIZE, FIELD_COL, FIELD_COL);
  ring = pixelRectRing(grid, FIELD_COL, FIELD_COL, FIELD_COL + 20, FIELD_COL + 20);
  const file = (name: string) => path.join(dir, name);
  await writeBand(file('red.tif'), grid, 10, red);
  await writeBand(file('june3_nir.tif'), grid, 10, nir(3000));
  await writeBand(file('june13_nir.tif'), grid, 10, nir(2500));
  await writeBand(file('swir16.tif'), grid, 20, swir);
  await writeBand(file('scl.tif'), grid, 20, () => 4, 'uint8');
  ctx = await createTestApp({ env: { STAC_URL: stac.stacUrl, AGRO_SATELLITE_SOURCE: 'sentinel-2-stac' } });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await stac?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stac.answerSearch((body) => {
    const datetime = String((body as { datetime: string }).datetime);
    const features = datetime.startsWith('2025-06-03')
      ? [item('S2B_0603', '2025-06-03T09:20:31Z', 'june3')]
      : datetime.startsWith('2025-06-13')
        ? [item('S2B_0613', '2025-06-13T09:20:30Z', 'june13')]
        : [];
    return { json: { type: 'FeatureCollection', features, links: [] } };
  });
  stac.cogRequests.length = 0;
});

/** The RGBA of the image's pixel at a fraction of its width and height. */
async function pixelAt(png: Buffer, fx: number, fy: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
  return [...data.subarray(offset, offset + 4)];
}

describe('GET /agro/index-image', () => {
  it("draws the field's index for a date from the scene's COG windows, then from the storage", async () => {
    const owner = await signedInClient(ctx);
    const field = await createField(ctx, owner.user, { ring });
    const url = `/api/agro/index-image?fieldUuid=${field.uuid}&date=2025-06-03&index=ndvi`;
    const image = await owner.http.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const png = image.rawPayload;
    const { width, height } = await sharp(png).metadata();
    // 200 m × 200 m at ~10 m pixels.
    expect(width).toBeGreaterThanOrEqual(18);
    expect(width).toBeLessThanOrEqual(22);
    expect(height).toBeGreaterThanOrEqual(18);
    const [wr, wg, , wa] = await pixelAt(png, 0.25, 0.5);
    const [er, eg, , ea] = await pixelAt(png, 0.75, 0.5);
    expect(wa).toBe(255);
    expect(ea).toBe(255);
    // Dense canopy green (RdYlGn at 0.71), sparse canopy orange-yellow (0.33).
    expect(wg as number).toBeGreaterThan(wr as number);
    expect(er as number).toBeGreaterThan(eg as number);
    expect(stac.cogRequests.length).toBeGreaterThan(0);

    stac.cogRequests.length = 0;
    const again = await owner.http.get(url.replace('ndvi', 'ndwi'));
    expect(again.statusCode).toBe(200);
    expect(stac.cogRequests).toHaveLength(0);
  });

  it('is an empty answer (204) for a date without a scene, 404 for a stranger, 401 signed out', async () => {
    const owner = await signedInClient(ctx);
    const field = await createField(ctx, owner.user, { ring });
    const none = await owner.http.get(
      `/api/agro/index-image?fieldUuid=${field.uuid}&date=2025-06-05&index=ndvi`,
    );
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const stranger = await signedInClient(ctx);
    const url = `/api/agro/index-image?fieldUuid=${field.uuid}&date=2025-06-03&index=ndvi`;
    expect((await stranger.http.get(url)).statusCode).toBe(404);
    expect((await client(ctx.app).get(url)).statusCode).toBe(401);
    expect((await owner.http.get(url.replace('ndvi', 'savi'))).statusCode).toBe(400);
  });
});

describe('GET /agro/index-change', () => {
  it('shows where the index fell between two dates, on the diverging scale, with the mean change', async () => {
    const owner = await signedInClient(ctx);
    const field = await createField(ctx, owner.user, { ring });
    const change = await owner.http.get(
      `/api/agro/index-change?fieldUuid=${field.uuid}&from=2025-06-03&to=2025-06-13&index=ndvi`,
    );
    expect(change.statusCode).toBe(200);
    // West unchanged (0), east 0.333 → 0.200: a mean change of −0.067 over the field.
    expect(Number(change.headers['x-mean-change'])).toBeCloseTo(-0.0667, 3);
    const [wr, wg, wb] = await pixelAt(change.rawPayload, 0.25, 0.5);
    const [er, eg] = await pixelAt(change.rawPayload, 0.75, 0.5);
    expect([wr, wg, wb]).toEqual([255, 255, 191]);
    expect(er as number).toBeGreaterThan(eg as number);
  });
});
