import type { DatasetFileView } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rectangleRing } from '../../test/factories.ts';
import { geotaggedJpeg } from '../../test/geotagged-jpeg.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, uploadAndValidate } from './test-support.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const RING = rectangleRing(22.71, 37.817, 22.7111, 37.8179);
const INSIDE = { lat: 37.81745, lng: 22.71055, altitude: 380 };
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
    expect(data.dataset?.status).toBe('processing');
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
    expect(data.dataset?.status).toBe('processing');
  });
});
