import { calendarDayIn } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createField, createReport, signedInClient } from '../../test/factories.ts';
import { hasPoppler, pdfInfo, pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const firstError = (response: { json(): { errors: { msg: string }[] } }) => response.json().errors[0]?.msg;

describe('report status changes by staff', () => {
  it('follow the transition table and the workflow, and tell the customer', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const staff = await signedInClient(ctx, { role: 'financial_admin' });
    const field = await createField(ctx, customer.user, { title: 'Kastri' });
    const manual = await createReport(ctx, customer.user, field, { service: 'manual' });
    const e2e = await createReport(ctx, customer.user, field);
    const move = (reportUuid: string, newStatus: string, http = staff.http) =>
      http.post('/api/reports/update/status', { reportUuid, newStatus });

    // Customers and drone roles cannot; unknown reports and statuses are refused.
    expect((await move(manual.uuid, 'processing_data', customer.http)).statusCode).toBe(403);
    const pilot = await signedInClient(ctx, { role: 'drone_operator' });
    expect((await move(manual.uuid, 'processing_data', pilot.http)).statusCode).toBe(403);
    expect((await move('00000000-0000-4000-8000-000000000000', 'complete')).statusCode).toBe(404);
    const unknown = await move(manual.uuid, 'archived');
    expect(unknown.statusCode).toBe(400);
    expect(firstError(unknown)).toBe('Unknown new status');

    // Illegal transitions say why.
    const backwards = await move(manual.uuid, 'pending');
    expect(backwards.statusCode).toBe(400);
    expect(firstError(backwards)).toBe('A report cannot move from Processing to Pending');
    expect(firstError(await move(manual.uuid, 'complete'))).toBe(
      'A report cannot move from Processing to Complete',
    );
    expect(firstError(await move(manual.uuid, 'processing'))).toBe('The report is already Processing');
    expect(firstError(await move(manual.uuid, 'processing_pending'))).toBe(
      'Bring Your Own Images reports have no Photo Shoot',
    );
    expect(firstError(await move(e2e.uuid, 'processing_pending'))).toBe(
      'An End to End report becomes Processing Pending when its Photo Shoot is scheduled',
    );
    expect(firstError(await move(e2e.uuid, 'processing_data'))).toBe(
      'An End to End report becomes Processing Pending when its Photo Shoot is scheduled',
    );
    const unpaid = await createReport(ctx, customer.user, field, { status: 'pending_payment' });
    expect(firstError(await move(unpaid.uuid, 'processing'))).toBe(
      "This status follows the order; change the order's status instead",
    );

    // A legal move: the customer is notified, and e-mailed when the report is complete.
    const toData = await move(manual.uuid, 'processing_data');
    expect(toData.statusCode).toBe(200);
    expect(toData.json()).toMatchObject({
      msg: 'Report successfully updated.',
      data: { status: 'processing_data' },
    });
    expect((await move(manual.uuid, 'complete')).statusCode).toBe(200);
    const news = (await customer.http.get('/api/notifications')).json().data;
    expect(news.map((n: { details: { newStatus: string } }) => n.details.newStatus)).toEqual([
      'complete',
      'processing_data',
    ]);
    expect(news[0]).toMatchObject({ type: 'report_status_update', details: { field: { title: 'Kastri' } } });
    const mail = await ctx.waitForMail(customer.user.email, 'is ready');
    expect(mail.text).toContain('Kastri');
    expect(firstError(await move(manual.uuid, 'processing_data'))).toBe(
      'A report cannot move from Complete to Processing data',
    );
  });

  it('an E2E report waits for its shoot to be complete', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const admin = await signedInClient(ctx, { role: 'admin' });
    const field = await createField(ctx, customer.user);
    const report = await createReport(ctx, customer.user, field);
    const today = calendarDayIn(new Date());
    await customer.http.put('/api/field/shoot/update', {
      reportUuid: report.uuid,
      dateRange: { start: today, end: today },
    });
    const early = await admin.http.post('/api/reports/update/status', {
      reportUuid: report.uuid,
      newStatus: 'processing_data',
    });
    expect(early.statusCode).toBe(400);
    expect(firstError(early)).toBe('The Photo Shoot of this report is not complete yet');
  });
});

describe('KML by report', () => {
  it('is named after the report uuid and only for those who see the field', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const other = await signedInClient(ctx, { role: 'b2c_admin' });
    const staff = await signedInClient(ctx, { role: 'operation_admin' });
    const field = await createField(ctx, customer.user);
    const report = await createReport(ctx, customer.user, field, { service: 'manual' });
    const download = (http = customer.http) =>
      http.post('/api/reports/download/kml', { reportUuid: report.uuid });
    const own = await download();
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/vnd.google-earth.kml+xml');
    expect(own.headers['content-disposition']).toContain(`filename="${report.uuid}.kml"`);
    expect((await download(staff.http)).statusCode).toBe(200);
    expect((await download(other.http)).statusCode).toBe(404);
    const both = await customer.http.post('/api/reports/download/kml', {
      reportUuid: report.uuid,
      fieldId: field.id,
    });
    expect(both.statusCode).toBe(400);
  });
});

describe.skipIf(!hasPoppler && process.env.CI !== 'true')('How to Fly with your Drone', () => {
  it('is a PDF guide in English and in Greek', async () => {
    const { http } = await signedInClient(ctx, { role: 'b2c_admin', lang: 'el' });
    const greek = await http.get('/api/guides/how-to-fly');
    expect(greek.statusCode).toBe(200);
    expect(greek.headers['content-type']).toBe('application/pdf');
    const el = pdfText(greek.rawPayload);
    expect(el).toContain('Πώς να πετάξετε με το drone σας');
    expect(el).toContain('Επικάλυψη 75 έως 80 %');
    expect(el).toContain('1 terabyte (= 1000 GB)');
    expect(pdfInfo(greek.rawPayload).Title).toBe('Πώς να πετάξετε με το drone σας');

    const english = await http.get('/api/guides/how-to-fly?lang=en');
    const en = pdfText(english.rawPayload);
    for (const part of [
      'How to Fly with your Drone',
      'Front overlap (along a flight line): 75 to 80 %',
      'Side overlap (between flight lines): 70 %',
      'about 1.1 cm per pixel',
      'gimbal pitch −90°',
      'EXIF',
      'The geolocation check',
      'less than 1 terabyte (= 1000 GB)',
    ]) {
      expect(en).toContain(part);
    }
    expect(english.headers['content-disposition']).toBe('attachment; filename="how-to-fly.pdf"');
    expect((await ctx.app.inject({ url: '/api/guides/how-to-fly' })).statusCode).toBe(401);
  });
});
