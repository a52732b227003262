import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleData, type SampleTruth } from '../../platform/imaging/sample-data/generate.ts';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, reportData, ringAroundPlants, waitForData } from './test-support.ts';

// The production topology's storage: every file of the journey in an S3 bucket (s3rver), nothing
// under the data directory.
let ctx: TestApp;
let sampleDir: string;
let truth: SampleTruth;
beforeAll(async () => {
  ctx = await createTestApp({ storage: 's3' });
  sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-s3-sample-'));
  truth = await generateSampleData({
    outDir: sampleDir,
    seed: 2,
    lines: 1,
    photosPerLine: 2,
    photoWidth: 900,
    photoHeight: 600,
    orthoHalfSizeM: 0,
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
});

const ringAroundScene = () => ringAroundPlants(truth.plants);

async function keysUnder(prefix: string) {
  const keys: string[] = [];
  for await (const entry of ctx.storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

describe('a dataset on S3 storage', () => {
  it('goes upload (interrupted and resumed) → ingest → analysis → files served, all from the bucket', async () => {
    expect(ctx.config.storage.s3).not.toBeNull();
    const customer = await customerWithReport(ctx, { ring: ringAroundScene() });
    const zip = await buildZip(
      await Promise.all(
        truth.photos.map(async (photo) => ({
          name: `DCIM/${photo.file}`,
          data: await readFile(path.join(sampleDir, photo.file)),
        })),
      ),
    );

    // The connection drops after a third of the zip; HEAD tells where to go on.
    const created = await customer.tus.create(customer.report.uuid, 'flight.zip', zip.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const third = Math.floor(zip.length / 3);
    expect((await customer.tus.patch(location, 0, zip.subarray(0, third))).statusCode).toBe(204);
    const head = await customer.tus.head(location);
    expect(head.headers['upload-offset']).toBe(String(third));
    const rest = await customer.tus.patch(location, third, zip.subarray(third));
    expect(rest.statusCode).toBe(204);
    const uploadKey = `uploads/${location.split('/').pop()}`;
    expect(await ctx.storage.stat(uploadKey)).toEqual({ size: zip.length });

    const submitted = await customer.http.post(`/api/reports/${customer.report.uuid}/data/submit`);
    expect(submitted.statusCode).toBe(202);
    const done = await waitForData(
      customer.http,
      customer.report.uuid,
      (data) => data.report.status === 'complete' || data.dataset?.status === 'failed',
      300_000,
    );
    expect(done.dataset?.status).toBe('complete');
    expect(done.dataset?.filesAccepted).toBe(truth.photos.length);
    expect(done.report.numOfOutputImgs).toBe(truth.photos.length);

    // Extracted photos, the plant layers phase 2 kept, HD derivatives, tiles and the PDF are
    // objects in the bucket; the zip is gone.
    const datasetUuid = (await reportData(customer.http, customer.report.uuid)).dataset?.uuid;
    expect(await keysUnder(`datasets/${datasetUuid}/files`)).toHaveLength(truth.photos.length);
    expect(await keysUnder(`datasets/${datasetUuid}/plant-layers`)).toHaveLength(truth.photos.length);
    expect(await ctx.storage.stat(uploadKey)).toBeNull();
    const outputs = await keysUnder(`reports/${customer.report.uuid}`);
    const hdKeys = outputs.filter((key) => key.endsWith('-hd.jpg'));
    expect(hdKeys).toHaveLength(truth.photos.length);
    const tileKey = outputs.find((key) => key.includes('/tiles/ai/'));
    expect(tileKey).toBeTruthy();
    expect(outputs).toContain(`reports/${customer.report.uuid}/data_files/final_report.pdf`);

    // Served from S3 with their types, whole and by range, only to the customer.
    const hdUrl = `/api/reports/${customer.report.uuid}/files/${path.basename(hdKeys[0] as string)}`;
    const hd = await customer.http.get(hdUrl);
    expect(hd.statusCode).toBe(200);
    expect(hd.headers['content-type']).toBe('image/jpeg');
    expect(hd.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const tile = await customer.http.get(
      `/api/${(tileKey as string).replace(/^reports\/([^/]+)\//, 'reports/$1/files/')}`,
    );
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    const pdf = await customer.http.get(done.pdfUrl as string);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const size = pdf.rawPayload.length;
    const firstBytes = await customer.http.get(done.pdfUrl as string, { headers: { range: 'bytes=0-4' } });
    expect(firstBytes.statusCode).toBe(206);
    expect(firstBytes.body).toBe('%PDF-');
    expect(firstBytes.headers['content-range']).toBe(`bytes 0-4/${size}`);
    const stranger = await signedInClient(ctx);
    expect((await stranger.http.get(hdUrl)).statusCode).toBe(404);
    // No product file took the local path.
    expect(existsSync(path.join(ctx.config.dataDir, 'files'))).toBe(false);
  }, 420_000);
});
