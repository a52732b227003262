import type { ReportResultsView } from '@ampelos/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { reportKey, VIGOUR_FILE } from '../datasets/paths.ts';
import { unzip } from '../privacy/test-support.ts';
import { completedReport, HD } from './test-support.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function results(http: Client, uuid: string): Promise<ReportResultsView> {
  const response = await http.get(`/api/reports/${uuid}/results`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const annotate = (http: Client, body: Record<string, unknown>) => http.post('/api/reports/update/bbox', body);

const VIGOUR = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { vigour: 'low', z: -1.8 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [22.7101, 37.8178],
            [22.7101, 37.81775],
            [22.71015, 37.81775],
            [22.71015, 37.8178],
            [22.7101, 37.8178],
          ],
        ],
      },
    },
  ],
};

describe('the vigour layer and the classification of plants', () => {
  it('offers the vigour layer when the analysis wrote one, served as GeoJSON to those who see the report', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    expect((await results(customer.http, report.uuid)).vigourUrl).toBeNull();
    await ctx.storage.put(
      reportKey(report.uuid, VIGOUR_FILE),
      Buffer.from(JSON.stringify(VIGOUR)),
      'application/geo+json',
    );
    const view = await results(customer.http, report.uuid);
    expect(view.vigourUrl).toBe(`/api/reports/${report.uuid}/files/data_files/vigour.geojson`);
    const file = await customer.http.get(view.vigourUrl as string);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/geo+json');
    expect(file.json()).toEqual(VIGOUR);
    const stranger = await signedInClient(ctx);
    expect((await stranger.http.get(view.vigourUrl as string)).statusCode).toBe(404);
  });

  it('gives each box of a placed photo its outline on the ground, so an annotated plant is painted in its class', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const saved = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-2',
      factor: 'esca',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const box = saved.json().data.box;
    // HD 400 × 300 over the corners 22.7101–22.7109, 37.8179–37.8171: x 200–250, y 100–150.
    expect(box.ring).toHaveLength(5);
    expect(box.ring[0][0]).toBeCloseTo(22.7101 + (0.0008 * 200) / HD.w, 9);
    expect(box.ring[0][1]).toBeCloseTo(37.8179 - (0.0008 * 100) / HD.h, 9);
    expect(box.ring[2][0]).toBeCloseTo(22.7101 + (0.0008 * 250) / HD.w, 9);
    expect(box.ring[4]).toEqual(box.ring[0]);
    const view = await results(customer.http, report.uuid);
    expect(view.photos[0]?.boxes[1]).toMatchObject({ factor: 'esca', className: 'Not Classified' });
    // An orthomosaic window without corners has no outline.
    expect(view.photos[1]?.boxes[0]?.ring).toBeNull();
  });
});

describe('GET /annotations/export', () => {
  it('gives staff the annotated plants as crops and labels, without naming who annotated', async () => {
    const customer = await signedInClient(ctx, { firstName: 'Maria', lastName: 'Vlachou' });
    const { report } = await completedReport(ctx, customer.user);
    await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-2',
      factor: 'downy_mildew',
      comment: 'Oil spots',
    });
    // A comment alone labels nothing.
    await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-1',
      comment: 'Looks fine to me',
    });
    const drawn = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      thr_coords: { x: 300, y: 200, w: 40, h: 40 },
      factor: 'drought',
    });
    expect(drawn.statusCode, drawn.body).toBe(200);

    const admin = await signedInClient(ctx, { role: 'admin' });
    const response = await admin.http.get(`/api/annotations/export?report=${report.uuid}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="annotations-${report.uuid}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const entries = await unzip(response.rawPayload);
    const labels = JSON.parse(entries.get('labels.geojson')?.toString() ?? '{}');
    expect(labels.features.map((f: { properties: { boxId: string } }) => f.properties.boxId)).toEqual([
      'DJI_0001-2',
      'DJI_0001-u1',
    ]);
    expect(labels.features[0].properties).toMatchObject({
      report: report.uuid,
      photo: 'DJI_0001.JPG',
      hdPhoto: 'DJI_0001-hd.jpg',
      bbox: [200, 100, 50, 50],
      factor: 'downy_mildew',
      factorName: 'Downy mildew',
      class: 'fungalDiseases',
      comment: 'Oil spots',
      drawnByPerson: false,
      analysisColour: 'red',
      crop: `crops/${report.uuid}/DJI_0001-2.jpg`,
    });
    expect(labels.features[0].geometry.type).toBe('Polygon');
    expect(labels.features[1].properties).toMatchObject({ class: 'waterStress', drawnByPerson: true });
    expect(JSON.stringify(labels)).not.toContain('Vlachou');
    // The crop is the box with a quarter of its size around it, clamped to the photo.
    const crop = await sharp(entries.get(`crops/${report.uuid}/DJI_0001-2.jpg`)).metadata();
    expect({ w: crop.width, h: crop.height }).toEqual({ w: 76, h: 76 });
    const drawnCrop = await sharp(entries.get(`crops/${report.uuid}/DJI_0001-u1.jpg`)).metadata();
    expect({ w: drawnCrop.width, h: drawnCrop.height }).toEqual({ w: 60, h: 60 });

    // Without a report: every report's annotated plants (this one's among them).
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    const all = await unzip((await operations.http.get('/api/annotations/export')).rawPayload);
    expect([...all.keys()]).toContain(`crops/${report.uuid}/DJI_0001-u1.jpg`);
  });

  it('is refused to customers and to the other staff, and says when nothing is annotated', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-1',
      factor: 'frost',
    });
    expect((await results(customer.http, report.uuid)).canExportAnnotations).toBe(false);
    for (const role of ['b2c_admin', 'financial_admin', 'Marketing Admin', 'drone_admin'] as const) {
      const user = role === 'b2c_admin' ? customer : await signedInClient(ctx, { role });
      const refused = await user.http.get(`/api/annotations/export?report=${report.uuid}`);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json()).toEqual({
        errors: [{ msg: 'Only staff may export annotated plants', key: 'errors:results.mayNotExport' }],
      });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/annotations/export' })).statusCode).toBe(401);

    const admin = await signedInClient(ctx, { role: 'admin' });
    expect((await results(admin.http, report.uuid)).canExportAnnotations).toBe(true);
    const plain = await completedReport(ctx, customer.user);
    const nothing = await admin.http.get(`/api/annotations/export?report=${plain.report.uuid}`);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual({
      errors: [{ msg: 'No plant of this report is annotated yet', key: 'errors:results.nothingToExport' }],
    });
  });
});
