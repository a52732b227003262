import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addDays,
  calendarDayIn,
  DATASET_MESSAGES,
  type NotificationsAnswer,
  type ReportDataView,
} from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleData, type SampleTruth } from '../../platform/imaging/sample-data/generate.ts';
import {
  createDroneOrganisation,
  createField,
  createReport,
  rectangleRing,
  signedInClient,
} from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tusClient } from '../../test/tus-client.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, uploadAndValidate, waitForData } from './test-support.ts';

let ctx: TestApp;
let sampleDir: string;
let truth: SampleTruth;
beforeAll(async () => {
  // No retries: a unit that fails once fails for good, as after the last retry in production.
  ctx = await createTestApp({ env: { JOB_RETRY_LIMIT: '0' } });
  sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-failure-'));
  truth = await generateSampleData({
    outDir: sampleDir,
    seed: 5,
    lines: 1,
    photosPerLine: 2,
    photoWidth: 600,
    photoHeight: 400,
    orthoHalfSizeM: 0,
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
});

/** The sample photos cut short: headers and GPS intact (they pass validation), pixels missing. */
async function truncatedPhotosZip() {
  const entries = await Promise.all(
    truth.photos.map(async (photo) => {
      const bytes = await readFile(path.join(sampleDir, photo.file));
      return { name: photo.file, data: bytes.subarray(0, Math.floor(bytes.length * 0.4)) };
    }),
  );
  return buildZip(entries);
}

function ringAroundScene(): [number, number][] {
  const margin = 60 / 111_000;
  const lngs = truth.plants.map((plant) => plant.lng);
  const lats = truth.plants.map((plant) => plant.lat);
  return rectangleRing(
    Math.min(...lngs) - margin,
    Math.min(...lats) - margin,
    Math.max(...lngs) + margin,
    Math.max(...lats) + margin,
  );
}

// The report and its dataset are read by two queries: one answer can hold the failed dataset with the
// report not yet moved back (the move commits with the failure), so both are waited for.
const failed = (http: Client, reportUuid: string) =>
  waitForData(
    http,
    reportUuid,
    (data) => data.dataset?.status === 'failed' && data.report.status !== 'processing_data',
  );

async function newestNotification(http: Client) {
  return ((await http.get('/api/notifications')).json() as NotificationsAnswer).data[0];
}

describe('a dataset whose every image fails the analysis', () => {
  it('gives a BYOI report back to the customer to upload again, and tells the customer and operations', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const customer = await customerWithReport(ctx, { ring: ringAroundScene() });
    const validated = await uploadAndValidate(customer, [
      { name: 'flight.zip', body: await truncatedPhotosZip() },
    ]);
    expect(validated.dataset?.filesAccepted).toBe(truth.photos.length);

    const data: ReportDataView = await failed(customer.http, customer.report.uuid);
    expect(data.report.status).toBe('processing');
    expect(data.dataset?.message).toBe(DATASET_MESSAGES.noImageAnalysed);
    expect(data.canUpload).toBe(true);

    const told = { newStatus: 'data_failed', report: { uuid: customer.report.uuid } };
    expect(await newestNotification(customer.http)).toMatchObject({
      type: 'report_status_update',
      details: told,
    });
    expect(await newestNotification(admin.http)).toMatchObject({
      type: 'report_status_update',
      details: told,
    });
    const customerMail = await ctx.waitForMail(customer.user.email, 'could not be processed');
    expect(customerMail.text).toContain(`/fields?field=${customer.field.uuid}`);
    const staffMail = await ctx.waitForMail(admin.user.email, 'Dataset failed');
    expect(staffMail.text).toContain('2 failed of 2');

    // A new dataset can be uploaded at once.
    expect((await customer.tus.create(customer.report.uuid, 'again.zip', 100)).statusCode).toBe(201);
  }, 180_000);

  it('gives an E2E report back to processing_pending and asks its crew, not the customer, to upload again', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, customer.user, { ring: ringAroundScene() });
    const report = await createReport(ctx, customer.user, field);
    const admin = await signedInClient(ctx, { role: 'admin' });
    const organisation = await createDroneOrganisation(ctx, 1);
    const pilot = organisation.pilots[0];
    if (!pilot) throw new Error('pilot missing');
    const today = calendarDayIn(new Date());
    const given = await customer.http.put('/api/field/shoot/update', {
      reportUuid: report.uuid,
      dateRange: { start: today, end: addDays(today, 13) },
    });
    const shootUrl = `/api/shoot/${given.json().data.uuid}`;
    await admin.http.put(shootUrl, { droneOperatorId: pilot.user.id, type: 'droneOperator' });

    const crew = { http: pilot.http, report, tus: tusClient(pilot.http) };
    await uploadAndValidate(crew, [{ name: 'flight.zip', body: await truncatedPhotosZip() }]);
    const data = await failed(pilot.http, report.uuid);
    expect(data.report.status).toBe('processing_pending');
    expect(data.canUpload).toBe(true);
    const mail = await ctx.waitForMail(pilot.user.email, 'could not be processed');
    expect(mail.text).toContain(`/shoots?report=${report.uuid}`);
    await ctx.waitForMail(admin.user.email, 'Dataset failed');
    expect(
      ctx.sent.some((sent) => sent.to === customer.user.email && sent.subject.includes('processed')),
    ).toBe(false);
  }, 180_000);
});
