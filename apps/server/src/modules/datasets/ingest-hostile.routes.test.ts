import type { DatasetFileView } from '@ampelos/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetFiles, datasetUploads } from '../../platform/db/schema.ts';
import { DEFAULT_PHOTO_MAX_MEGAPIXELS, setPhotoMaxPixels } from '../../platform/imaging/index.ts';
import { rectangleRing } from '../../test/factories.ts';
import { geotaggedJpeg, pixelFloodJpeg } from '../../test/geotagged-jpeg.ts';
import { singleBandGeoTiff } from '../../test/hostile-uploads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, uploadAndValidate, waitForData } from './test-support.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const RING = rectangleRing(22.71, 37.817, 22.7111, 37.8179);
const INSIDE = { lat: 37.81745, lng: 22.71055, altitude: 380 };
/**
 * The dataset went on with its good file: to the analysis, or to staff review first (a small test
 * photo carries no flight height the analysis could trust).
 */
const MOVED_ON = ['processing', 'review'];
const byPath = (files: DatasetFileView[], name: string) => files.find((file) => file.path.endsWith(name));

async function validated(files: { name: string; body: Buffer }[]) {
  const customer = await customerWithReport(ctx, { ring: RING });
  const data = await uploadAndValidate(customer, files);
  return { data, files: data.dataset?.files ?? [] };
}

describe('damaged zips: each damaged entry is a verdict, the good files go on', () => {
  it('an entry declaring 1,000 bytes that holds 20 MB is refused as corrupt', async () => {
    const zip = await buildZip([
      { name: 'liar.jpg', zeros: 20_000_000, lie: { localSize: 1000, centralSize: 1000 } },
      { name: 'good.jpg', data: await geotaggedJpeg({ gps: INSIDE }) },
    ]);
    const { data, files } = await validated([{ name: 'flight.zip', body: zip }]);
    expect(byPath(files, 'liar.jpg')).toMatchObject({ status: 'rejected', reason: 'corrupt' });
    expect(byPath(files, 'liar.jpg')?.message).toMatch(/larger than the zip declares/);
    expect(byPath(files, 'good.jpg')).toMatchObject({ status: 'accepted' });
    expect(MOVED_ON).toContain(data.dataset?.status);
  });

  it('an entry whose compressed data is damaged is refused as corrupt', async () => {
    const zip = await buildZip([
      { name: 'broken.jpg', data: await geotaggedJpeg({ gps: INSIDE }), deflate: true, corruptData: true },
      { name: 'good.jpg', data: await geotaggedJpeg({ gps: INSIDE }), deflate: true },
    ]);
    const { data, files } = await validated([{ name: 'flight.zip', body: zip }]);
    expect(byPath(files, 'broken.jpg')).toMatchObject({ status: 'rejected', reason: 'corrupt' });
    expect(byPath(files, 'broken.jpg')?.message).toMatch(/damaged/);
    expect(byPath(files, 'good.jpg')).toMatchObject({ status: 'accepted' });
    expect(MOVED_ON).toContain(data.dataset?.status);
  });
});

describe('ingest refuses at once what the analysis cannot read', () => {
  it('a JPEG whose header declares 60000 × 60000 px, a single-band 16-bit GeoTIFF', async () => {
    const { data, files } = await validated([
      { name: 'flood.jpg', body: await pixelFloodJpeg({ gps: INSIDE, width: 60_000, height: 60_000 }) },
      { name: 'grey.tif', body: await singleBandGeoTiff() },
      { name: 'good.jpg', body: await geotaggedJpeg({ gps: INSIDE }) },
    ]);
    expect(byPath(files, 'flood.jpg')).toMatchObject({ status: 'rejected', reason: 'too_many_pixels' });
    expect(byPath(files, 'flood.jpg')?.message).toMatch(
      /larger than the analysis reads: at most 120 megapixels/,
    );
    expect(byPath(files, 'grey.tif')).toMatchObject({ status: 'rejected', reason: 'unsupported_bands' });
    expect(byPath(files, 'grey.tif')?.message).toMatch(/1 band\(s\) and no red and green bands/);
    expect(byPath(files, 'good.jpg')).toMatchObject({ status: 'accepted' });
    expect(MOVED_ON).toContain(data.dataset?.status);
  });

  it('a photo larger than a lowered cap (IMAGING_MAX_PHOTO_MEGAPIXELS)', async () => {
    const lowered = await createTestApp({ env: { IMAGING_MAX_PHOTO_MEGAPIXELS: '1' } });
    try {
      const customer = await customerWithReport(lowered, { ring: RING });
      const grey = await geotaggedJpeg({ gps: INSIDE });
      const data = await uploadAndValidate(customer, [
        { name: 'big.jpg', body: await geotaggedJpeg({ gps: INSIDE, width: 1400, height: 1000 }) },
        { name: 'small.jpg', body: grey },
      ]);
      const files = data.dataset?.files ?? [];
      expect(byPath(files, 'big.jpg')).toMatchObject({ status: 'rejected', reason: 'too_many_pixels' });
      expect(byPath(files, 'big.jpg')?.message).toBe(
        'The image is larger than the analysis reads: at most 1 megapixels are analysed',
      );
      expect(byPath(files, 'small.jpg')).toMatchObject({ status: 'accepted' });
    } finally {
      await lowered.close();
      // The decode limit is per process: give the other tests of this file the default back.
      setPhotoMaxPixels(DEFAULT_PHOTO_MAX_MEGAPIXELS * 1_000_000);
    }
  });
});

describe('a file whose reading stopped the worker', () => {
  /** Uploads, then writes what a worker that died while reading `path` leaves, then submits. */
  async function afterDeaths(checksStarted: number) {
    const customer = await customerWithReport(ctx, { ring: RING });
    const zip = await buildZip([
      { name: 'killer.jpg', data: await geotaggedJpeg({ gps: INSIDE }) },
      { name: 'good.jpg', data: await geotaggedJpeg({ gps: INSIDE }) },
    ]);
    await customer.tus.upload(customer.report.uuid, 'flight.zip', zip);
    // The upload just sent (the latest of that name; each test has its own report).
    const [ours] = await ctx.database.db
      .select()
      .from(datasetUploads)
      .where(eq(datasetUploads.filename, 'flight.zip'))
      .orderBy(desc(datasetUploads.createdAt))
      .limit(1);
    await ctx.database.db.insert(datasetFiles).values({
      datasetId: ours?.datasetId as number,
      uploadId: ours?.id as string,
      path: 'flight.zip/killer.jpg',
      status: 'rejected',
      reason: 'corrupt',
      message:
        'Reading this file stopped the server twice, so it is refused as damaged: check it and upload it again',
      metadata: { ingestChecksStarted: checksStarted },
    });
    expect((await customer.http.post(`/api/reports/${customer.report.uuid}/data/submit`)).statusCode).toBe(
      202,
    );
    const data = await waitForData(
      customer.http,
      customer.report.uuid,
      (d) => d.dataset?.status !== 'validating',
    );
    return data.dataset?.files ?? [];
  }

  it('after one death the file is read again and gets its real verdict', async () => {
    const files = await afterDeaths(1);
    expect(byPath(files, 'killer.jpg')).toMatchObject({ status: 'accepted', reason: null });
    expect(byPath(files, 'good.jpg')).toMatchObject({ status: 'accepted' });
  });

  it('after two deaths it stays refused and the dataset goes on with the others', async () => {
    const files = await afterDeaths(2);
    expect(byPath(files, 'killer.jpg')).toMatchObject({ status: 'rejected', reason: 'corrupt' });
    expect(byPath(files, 'killer.jpg')?.message).toMatch(/stopped the server twice/);
    expect(byPath(files, 'good.jpg')).toMatchObject({ status: 'accepted' });
  });
});
