import type { ReportResultsView } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createField,
  createManualReport,
  createShoot,
  signedInClient,
} from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { completedReport, RING } from './test-support.ts';

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

describe('GET /reports/{uuid}/results', () => {
  it('gives the customer the layers in catalogue order, the tile zooms, photos with boxes and the PDF', async () => {
    const customer = await signedInClient(ctx);
    const { report, field } = await completedReport(ctx, customer.user);
    const view = await results(customer.http, report.uuid);
    expect(view.layers).toEqual(['ai', 'water_stress', 'no_pseu']);
    // Each layer's last level: the map enlarges the plant layers' past zoom 19.
    expect(view.tileZoom).toEqual({
      min: 17,
      max: 20,
      maxByLayer: { ai: 19, water_stress: 19, no_pseu: 20 },
    });
    expect(view.tileUrlTemplate).toBe(`/api/reports/${report.uuid}/files/tiles/{layer}/{z}/{x}/{y}.png`);
    expect(view.pdfUrl).toBe(`/api/reports/${report.uuid}/files/data_files/final_report.pdf`);
    expect(view.field).toEqual({ uuid: field.uuid, title: field.title, polygonPoints: RING });
    expect(view.canAnnotate).toBe(true);
    const photo = view.photos[0];
    expect(photo).toMatchObject({
      file: 'DJI_0001.JPG',
      base: 'DJI_0001',
      hdUrl: `/api/reports/${report.uuid}/files/DJI_0001-hd.jpg`,
      canDraw: true,
    });
    expect(photo?.boxes[1]).toEqual({
      id: 'DJI_0001-2',
      x: 200,
      y: 100,
      w: 50,
      h: 50,
      lng: 22.71057,
      lat: 37.81745,
      colour: 'red',
      className: 'Not Classified',
      factor: null,
      comment: null,
      annotatedAt: null,
      annotatedBy: null,
      drawn: false,
      ring: expect.any(Array),
    });
    expect(view.photos[1]?.canDraw).toBe(false);
    // The HD photo the view links to is served.
    expect((await customer.http.get(photo?.hdUrl ?? '')).statusCode).toBe(200);
  });

  it('offers Water Stress only for reports created in 2023 or later', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user, {
      createdAt: new Date('2022-08-01T00:00:00Z'),
    });
    expect((await results(customer.http, report.uuid)).layers).toEqual(['ai', 'no_pseu']);
  });

  it('offers no layer and no PDF when the report has neither', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user, { layers: [], pdf: false });
    const view = await results(customer.http, report.uuid);
    expect(view).toMatchObject({ layers: [], tileZoom: null, pdfUrl: null });
  });

  it('shows results to b2b colleagues and staff, never to other customers or drone staff', async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const { report } = await completedReport(ctx, owner.user);
    expect((await results(colleague.http, report.uuid)).canAnnotate).toBe(true);
    expect(
      (await results((await signedInClient(ctx, { role: 'operation_admin' })).http, report.uuid)).canAnnotate,
    ).toBe(true);
    // Marketing Admin reads everything and changes nothing.
    const marketing = await signedInClient(ctx, { role: 'Marketing Admin' });
    expect((await results(marketing.http, report.uuid)).canAnnotate).toBe(false);
    for (const role of ['b2c_admin', 'drone_admin', 'drone_operator'] as const) {
      const other = await signedInClient(ctx, { role });
      const response = await other.http.get(`/api/reports/${report.uuid}/results`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: [{ msg: 'Report not found', key: 'errors:shoot.reportNotFound' }],
      });
    }
  });

  it("lists the field's other completed reports for comparison, newest first, and nothing else", async () => {
    const customer = await signedInClient(ctx);
    const { report, field } = await completedReport(ctx, customer.user);
    const older = await createManualReport(ctx, field, {
      status: 'complete',
      processedAt: new Date('2024-06-01T10:00:00Z'),
    });
    const newer = await createManualReport(ctx, field, {
      status: 'complete',
      processedAt: new Date('2026-06-01T10:00:00Z'),
    });
    await createManualReport(ctx, field, { status: 'processing' });
    // A flown report is named by its shoot's final day, as on the report panel.
    await createShoot(ctx, older, { status: 'complete', finalDay: '2024-05-28' });
    // Another customer's completed report of another field is never offered.
    const stranger = await signedInClient(ctx);
    await completedReport(ctx, stranger.user);
    const view = await results(customer.http, report.uuid);
    expect(view.siblings.map((sibling) => sibling.uuid)).toEqual([newer.uuid, older.uuid]);
    expect(view.siblings[0]).toEqual({
      uuid: newer.uuid,
      createdAt: expect.any(String),
      processedAt: '2026-06-01T10:00:00.000Z',
      finalShootDay: null,
    });
    expect(view.siblings[1]?.finalShootDay).toBe('2024-05-28');
    const newerView = await results(customer.http, newer.uuid);
    expect(newerView.siblings.map((sibling) => sibling.uuid)).toEqual([report.uuid, older.uuid]);
  });

  it('answers 409 before the report is complete and 404 for a malformed id', async () => {
    const customer = await signedInClient(ctx);
    const field = await createField(ctx, customer.user);
    const report = await createManualReport(ctx, field, { status: 'processing_data' });
    const response = await customer.http.get(`/api/reports/${report.uuid}/results`);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].msg).toBe('The results of this report are not ready yet');
    expect((await customer.http.get('/api/reports/not-a-uuid/results')).statusCode).toBe(404);
  });
});

describe('POST /reports/update/bbox', () => {
  it('saves a stress factor and comment on a box, kept across reloads', async () => {
    const customer = await signedInClient(ctx, { firstName: 'Eleni', lastName: 'Papadaki' });
    const { report } = await completedReport(ctx, customer.user);
    const response = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-1',
      factor: 'downy_mildew',
      comment: 'Oil spots on the upper leaves',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().msg).toBe('Report successfully updated.');
    expect(response.json().data.box).toMatchObject({ id: 'DJI_0001-1', factor: 'downy_mildew' });
    const box = (await results(customer.http, report.uuid)).photos[0]?.boxes[0];
    expect(box).toMatchObject({
      factor: 'downy_mildew',
      comment: 'Oil spots on the upper leaves',
      annotatedBy: 'Eleni Papadaki',
      colour: 'yellow',
    });
    expect(Date.parse(box?.annotatedAt ?? '')).not.toBeNaN();
  });

  it('accepts the spec payload (a comment alone) and clears an annotation', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const body = { reportUuid: report.uuid, file: 'DJI_0001.JPG', bboxId: 'DJI_0001-2' };
    expect((await annotate(customer.http, { ...body, comment: 'Esca symptoms' })).statusCode).toBe(200);
    expect((await results(customer.http, report.uuid)).photos[0]?.boxes[1]).toMatchObject({
      factor: null,
      comment: 'Esca symptoms',
    });
    expect((await annotate(customer.http, { ...body, comment: '' })).statusCode).toBe(200);
    expect((await results(customer.http, report.uuid)).photos[0]?.boxes[1]).toMatchObject({
      comment: null,
      annotatedBy: null,
    });
  });

  it('checks that the photo and the box exist', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const missingPhoto = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_9999.JPG',
      bboxId: 'DJI_0001-1',
      comment: 'x',
    });
    expect(missingPhoto.statusCode).toBe(404);
    expect(missingPhoto.json()).toEqual({
      errors: [{ msg: 'Photo not found', key: 'errors:results.photoNotFound' }],
    });
    const missingBox = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-7',
      comment: 'x',
    });
    expect(missingBox.statusCode).toBe(404);
    expect(missingBox.json()).toEqual({
      errors: [{ msg: 'Box not found', key: 'errors:results.boxNotFound' }],
    });
    // Windows of one orthomosaic share the file: the box decides which window.
    const window = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'ortho.tif',
      bboxId: 'ortho_r0c0-1',
      factor: 'spider_mites',
    });
    expect(window.statusCode).toBe(200);
    expect(window.json().data.base).toBe('ortho_r0c0');
  });

  it('validates the body with the spec messages', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const other = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-1',
      factor: 'other',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toEqual({
      msg: 'Describe the stress factor',
      key: 'errors:results.otherNeedsComment',
      path: 'comment',
    });
    const unknown = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-1',
      factor: 'locusts',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('lets staff annotate; read-only roles get 403 and strangers 404', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const body = { reportUuid: report.uuid, file: 'DJI_0001.JPG', bboxId: 'DJI_0001-1', factor: 'esca' };
    const staff = await signedInClient(ctx, { role: 'operation_admin' });
    expect((await annotate(staff.http, body)).statusCode).toBe(200);
    const marketing = await signedInClient(ctx, { role: 'Marketing Admin' });
    const refused = await annotate(marketing.http, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: [{ msg: 'You may not annotate this report', key: 'errors:results.mayNotAnnotate' }],
    });
    const stranger = await signedInClient(ctx);
    expect((await annotate(stranger.http, body)).statusCode).toBe(404);
    const pilot = await signedInClient(ctx, { role: 'drone_operator' });
    expect((await annotate(pilot.http, body)).statusCode).toBe(404);
  });

  it('keeps both of two annotations saved at the same time', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const body = { reportUuid: report.uuid, file: 'DJI_0001.JPG' };
    const answers = await Promise.all([
      annotate(customer.http, { ...body, bboxId: 'DJI_0001-1', factor: 'frost' }),
      annotate(customer.http, { ...body, bboxId: 'DJI_0001-2', factor: 'heat' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const boxes = (await results(customer.http, report.uuid)).photos[0]?.boxes;
    expect(boxes?.map((b) => b.factor)).toEqual(['frost', 'heat']);
  });
});

describe('boxes drawn on an HD photo', () => {
  it('get an id, their ground position from the photo corners, and the annotation', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const drawn = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      thr_coords: { x: 180, y: 130, w: 40, h: 40 },
      factor: 'powdery_mildew',
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const box = drawn.json().data.box;
    expect(box).toMatchObject({ id: 'DJI_0001-u1', x: 180, y: 130, w: 40, h: 40, drawn: true, colour: null });
    // The centre of the photo is the centre of its footprint.
    expect(box.lng).toBeCloseTo(22.7105, 7);
    expect(box.lat).toBeCloseTo(37.8175, 7);
    const second = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      thr_coords: { x: 0, y: 0, w: 10, h: 10 },
      comment: 'Missing vine',
    });
    expect(second.json().data.box.id).toBe('DJI_0001-u2');
    expect((await results(customer.http, report.uuid)).photos[0]?.boxes).toHaveLength(4);

    // Clearing a drawn box removes it.
    const cleared = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      bboxId: 'DJI_0001-u1',
      comment: '',
    });
    expect(cleared.json().data.box).toBeNull();
    expect((await results(customer.http, report.uuid)).photos[0]?.boxes.map((b) => b.id)).toEqual([
      'DJI_0001-1',
      'DJI_0001-2',
      'DJI_0001-u2',
    ]);
  });

  it('must lie on the photo, carry an annotation, and need a photo whose position is known', async () => {
    const customer = await signedInClient(ctx);
    const { report } = await completedReport(ctx, customer.user);
    const outside = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      thr_coords: { x: 380, y: 10, w: 40, h: 40 },
      factor: 'drought',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].msg).toBe('The box must lie on the photo');
    const empty = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'DJI_0001.JPG',
      thr_coords: { x: 10, y: 10, w: 40, h: 40 },
    });
    expect(empty.statusCode).toBe(400);
    const window = await annotate(customer.http, {
      reportUuid: report.uuid,
      file: 'ortho.tif',
      base: 'ortho_r0c1',
      thr_coords: { x: 1, y: 1, w: 4, h: 4 },
      factor: 'drought',
    });
    expect(window.statusCode).toBe(409);
  });
});
