import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleData, type SampleTruth } from '../../platform/imaging/sample-data/generate.ts';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerWithReport, reportData, uploadAndValidate, waitForData } from './test-support.ts';

let ctx: TestApp;
let dir: string;
let truth: SampleTruth;
beforeAll(async () => {
  ctx = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'ampelos-false-colour-'));
  truth = await generateSampleData({
    outDir: dir,
    seed: 3,
    lines: 1,
    photosPerLine: 1,
    photoWidth: 600,
    photoHeight: 400,
    orthoGsdM: 0,
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The synthetic photo as an unknown NIR-converted camera would store it: vegetation red (its
 * bright green band moved to red), soil magenta, same GPS and DJI XMP, a make not in the catalogue.
 */
async function falseColourPhoto(): Promise<Buffer> {
  const source = path.join(dir, truth.photos[0]?.file as string);
  return sharp(await readFile(source))
    .recomb([
      [0.2, 1.1, 0],
      [0, 0.5, 0],
      [0.9, 0, 0.1],
    ])
    .keepMetadata()
    .withExifMerge({ IFD0: { Make: 'Acme Optics', Model: 'NIR-1' } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function ringAroundScene(): [number, number][] {
  const d = 200 / 111_000;
  const { lng, lat } = truth.origin;
  return [
    [lng - d, lat - d],
    [lng + d, lat - d],
    [lng + d, lat + d],
    [lng - d, lat + d],
    [lng - d, lat - d],
  ];
}

describe('a camera the engine does not know, with false-colour photos', () => {
  it('is not analysed as RGB: staff confirm its channels, then the report says so', async () => {
    const customer = await customerWithReport(ctx, { ring: ringAroundScene() });
    await uploadAndValidate(customer, [{ name: 'NIR_0001.JPG', body: await falseColourPhoto() }]);
    const review = await waitForData(customer.http, customer.report.uuid, (data) =>
      ['review', 'complete', 'failed'].includes(data.dataset?.status ?? ''),
    );
    expect(review.dataset?.status).toBe('review');
    expect(review.dataset?.review?.reasons.join(' ')).toMatch(
      /not in our catalogue and its photos look false-colour/,
    );
    const staff = await signedInClient(ctx, { role: 'admin' });
    const confirmed = await staff.http.post(`/api/reports/${customer.report.uuid}/data/confirm`, {
      layout: 'ngb',
    });
    expect(confirmed.statusCode).toBe(202);
    const done = await waitForData(customer.http, customer.report.uuid, (data) =>
      ['complete', 'failed'].includes(data.dataset?.status ?? ''),
    );
    expect(done.report.status).toBe('complete');
    expect(done.report.imaging).toEqual([
      expect.objectContaining({
        camera: 'Acme Optics NIR-1 (NGB)',
        kind: 'nir-modified',
        method: 'staff-confirmed',
        bands: ['red', 'green', 'nir'],
        heightSource: 'relative-altitude',
      }),
    ]);
    expect((await reportData(staff.http, customer.report.uuid)).canConfirmImaging).toBe(false);
  }, 240_000);
});
