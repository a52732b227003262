import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ReportResultsView, type VigourLayerFile, vigourCounts } from '@ampelos/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, reports } from '../../platform/db/schema.ts';
import { generateSampleData, type SampleTruth } from '../../platform/imaging/sample-data/generate.ts';
import { signedInClient } from '../../test/factories.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, reportData, uploadAndValidate, waitForData } from './test-support.ts';

let ctx: TestApp;
let sampleDir: string;
let truth: SampleTruth;
beforeAll(async () => {
  ctx = await createTestApp();
  sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-sample-'));
  truth = await generateSampleData({
    outDir: sampleDir,
    seed: 1,
    lines: 2,
    photosPerLine: 2,
    photoWidth: 1200,
    photoHeight: 800,
    orthoHalfSizeM: 20,
    orthoGsdM: 0.05,
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await rm(sampleDir, { recursive: true, force: true });
});

/** A rectangle around every plant of the synthetic scene, with `marginM` to spare. */
function ringAroundScene(marginM = 30): [number, number][] {
  const lngs = truth.plants.map((plant) => plant.lng);
  const lats = truth.plants.map((plant) => plant.lat);
  const dLat = marginM / 111_000;
  const dLng = marginM / (111_320 * Math.cos((truth.origin.lat * Math.PI) / 180));
  const [west, east] = [Math.min(...lngs) - dLng, Math.max(...lngs) + dLng];
  const [south, north] = [Math.min(...lats) - dLat, Math.max(...lats) + dLat];
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

const storageOf = () => ctx.storage;

async function keysUnder(prefix: string) {
  const keys: string[] = [];
  for await (const entry of storageOf().list(prefix)) keys.push(entry.key);
  return keys.sort();
}

describe('the whole pipeline on the synthetic vineyard', () => {
  it('takes a zip of geotagged photos to a complete report: HD photos, tiles, outputData, PDF, one e-mail', async () => {
    const customer = await customerWithReport(ctx, { ring: ringAroundScene(), lang: 'el' });
    const zip = await buildZip(
      await Promise.all(
        truth.photos.map(async (photo) => ({
          name: `DCIM/${photo.file}`,
          data: await readFile(path.join(sampleDir, photo.file)),
        })),
      ),
    );
    const validated = await uploadAndValidate(customer, [{ name: 'flight.zip', body: zip }]);
    expect(validated.dataset?.filesAccepted).toBe(truth.photos.length);

    const done = await waitForData(
      customer.http,
      customer.report.uuid,
      (data) => data.report.status === 'complete',
      300_000,
    );
    expect(done.dataset?.status).toBe('complete');
    expect(done.dataset?.progress).toMatchObject({ phase: 'complete' });
    // Phase 1's hand-over to phase 2 is gone once the dataset is complete.
    const handOver = await readdir(path.join(ctx.config.dataDir, 'cache', 'analysis')).catch(() => []);
    expect(handOver).toEqual([]);
    expect(done.dataset?.progress.done).toBe(done.dataset?.progress.total);
    expect(done.report).toMatchObject({
      numOfInputImgs: truth.photos.length,
      numOfOutputImgs: truth.photos.length,
    });
    expect(done.report.camera).toBeTruthy();
    expect(done.report.layers).toEqual(expect.arrayContaining(['ai', 'no_pseu']));
    expect(done.pdfUrl).toBe(`/api/reports/${customer.report.uuid}/files/data_files/final_report.pdf`);

    const [row] = await ctx.database.db.select().from(reports).where(eq(reports.id, customer.report.id));
    expect(row?.processedAt).toBeInstanceOf(Date);
    expect(row?.size?.hd.w).toBeGreaterThan(0);
    expect(row?.scale?.ratio.x).toBeGreaterThan(0);
    const points = row?.outputData ?? [];
    expect(points).toHaveLength(truth.photos.length);
    const boxes = points.flatMap((point) => Object.entries(point.bboxes));
    expect(boxes.length).toBeGreaterThan(0);
    for (const [id, box] of boxes) {
      expect(id).toMatch(/-\d+$/);
      expect(box.thr_coords.w).toBeGreaterThan(0);
      expect(Math.abs(box.lat - truth.origin.lat)).toBeLessThan(0.01);
      expect(box.className).toBe('Not Classified');
    }

    // Files: the HD photo of each point, tiles of the layers, the PDF.
    const first = points[0];
    const hdName = `${(first?.file ?? '').replace(/\.[^.]+$/, '')}-hd.jpg`;
    const hd = await customer.http.get(`/api/reports/${customer.report.uuid}/files/${hdName}`);
    expect(hd.statusCode).toBe(200);
    expect(hd.headers['content-type']).toBe('image/jpeg');
    const tiles = await keysUnder(`reports/${customer.report.uuid}/tiles/ai`);
    expect(tiles.length).toBeGreaterThan(0);
    const tile = await customer.http.get(
      `/api/${tiles[0]?.replace(/^reports\/([^/]+)\//, 'reports/$1/files/')}`,
    );
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    // Phase 2 kept each photo's plant layers, which finalize tiled instead of analysing again.
    const [dataset] = await ctx.database.db
      .select()
      .from(datasets)
      .where(eq(datasets.reportId, customer.report.id));
    expect(await keysUnder(`datasets/${dataset?.uuid}/plant-layers`)).toHaveLength(truth.photos.length);
    // The photo layer: JPEG where the photos cover a tile whole, PNG (with transparency) elsewhere.
    const photoTiles = await keysUnder(`reports/${customer.report.uuid}/tiles/no_pseu`);
    const kinds = new Set<string>();
    for (const key of photoTiles) {
      const answer = await customer.http.get(
        `/api/${key.replace(/^reports\/([^/]+)\//, 'reports/$1/files/')}`,
      );
      const jpeg = answer.rawPayload[0] === 0xff && answer.rawPayload[1] === 0xd8;
      expect(answer.headers['content-type']).toBe(jpeg ? 'image/jpeg' : 'image/png');
      kinds.add(answer.headers['content-type'] as string);
    }
    expect([...kinds].sort()).toEqual(['image/jpeg', 'image/png']);
    const pdf = await customer.http.get(done.pdfUrl as string);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfFile = path.join(sampleDir, 'final_report.pdf');
    await writeFile(pdfFile, pdf.rawPayload);
    try {
      const text = execFileSync('pdftotext', [pdfFile, '-']).toString();
      expect(text).toContain('Αναφορά καταπόνησης φυτών');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }

    // The vigour layer: each judged plant unit once, in its class against its neighbours.
    const view: ReportResultsView = (
      await customer.http.get(`/api/reports/${customer.report.uuid}/results`)
    ).json().data;
    expect(view.vigourUrl).toBe(`/api/reports/${customer.report.uuid}/files/data_files/vigour.geojson`);
    const vigour: VigourLayerFile = (await customer.http.get(view.vigourUrl as string)).json();
    const counts = vigourCounts(vigour);
    // Most plants are like their neighbours; the scene's stressed plants make some low.
    expect(counts.medium).toBeGreaterThan(counts.low + counts.high);
    expect(counts.low).toBeGreaterThan(0);
    for (const feature of vigour.features) {
      expect(feature.geometry.coordinates[0]).toHaveLength(5);
      expect(Math.abs((feature.geometry.coordinates[0]?.[0]?.[1] ?? 0) - truth.origin.lat)).toBeLessThan(
        0.01,
      );
    }
    expect(pdfText(pdf.rawPayload)).toMatch(/Χαμηλή ευρωστία/);

    // Saving an annotation writes the PDF again (the idempotent report.pdf job) with it in.
    const [boxId] = Object.keys(first?.bboxes ?? {});
    const saved = await customer.http.post('/api/reports/update/bbox', {
      reportUuid: customer.report.uuid,
      file: first?.file,
      bboxId: boxId,
      factor: 'esca',
      comment: 'Ρωγμές στον κορμό',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const deadline = Date.now() + 60_000;
    let rebuilt = '';
    while (!rebuilt.includes('Ρωγμές στον κορμό')) {
      if (Date.now() > deadline) throw new Error('the PDF was not written again with the annotation');
      await new Promise((resolve) => setTimeout(resolve, 250));
      rebuilt = pdfText((await customer.http.get(done.pdfUrl as string)).rawPayload);
    }
    expect(rebuilt).toContain('Σημειώσεις στα φυτά');
    expect(rebuilt).toMatch(/Ασθένειες ξύλου \(1 εκτίμηση ανθρώπου\)/);

    // The customer hears it once, in their language.
    const mail = await ctx.waitForMail(customer.user.email, 'Η επεξεργασία AI ολοκληρώθηκε');
    expect(mail.text).toContain(`/fields?field=${customer.field.uuid}`);
    expect(ctx.sent.filter((m) => m.to === customer.user.email)).toHaveLength(1);

    // Another customer sees none of it.
    const stranger = await signedInClient(ctx);
    expect((await stranger.http.get(`/api/reports/${customer.report.uuid}/files/${hdName}`)).statusCode).toBe(
      404,
    );
    expect((await stranger.http.get(done.pdfUrl as string)).statusCode).toBe(404);
  }, 360_000);

  it('takes the synthetic GeoTIFF orthomosaic to a complete report with tiles', async () => {
    if (!truth.orthomosaic) throw new Error('the sample-data generator wrote no orthomosaic');
    const customer = await customerWithReport(ctx, { ring: ringAroundScene() });
    const ortho = await readFile(path.join(sampleDir, truth.orthomosaic.file));
    const validated = await uploadAndValidate(customer, [{ name: 'orthomosaic.tif', body: ortho }]);
    expect(validated.dataset?.kind).toBe('raster');
    const done = await waitForData(
      customer.http,
      customer.report.uuid,
      (data) => data.report.status === 'complete',
      300_000,
    );
    expect(done.report.numOfOutputImgs).toBeGreaterThan(0);
    expect(done.report.layers).toEqual(expect.arrayContaining(['ai', 'no_pseu']));
    expect((await keysUnder(`reports/${customer.report.uuid}/tiles/no_pseu`)).length).toBeGreaterThan(0);
    const data = await reportData(customer.http, customer.report.uuid);
    expect(data.canUpload).toBe(false);
  }, 360_000);
});
