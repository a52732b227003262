import { addDays, calendarDayIn, DATASET_MESSAGES, type ReportDataView } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDroneOrganisation, createField, createReport, signedInClient } from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tusClient } from '../../test/tus-client.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const dataOf = (http: Client, reportUuid: string) => http.get(`/api/reports/${reportUuid}/data`);

/** A customer's E2E report and two drone organisations (the first with two pilots); no shoot yet. */
async function e2eReportAndCrews() {
  const customer = await signedInClient(ctx, { role: 'b2c_admin' });
  const field = await createField(ctx, customer.user);
  const report = await createReport(ctx, customer.user, field);
  const admin = await signedInClient(ctx, { role: 'admin' });
  const organisation = await createDroneOrganisation(ctx, 2);
  const otherOrganisation = await createDroneOrganisation(ctx, 1);
  return { customer, report, admin, organisation, otherOrganisation };
}

/** The customer schedules the shoot; the admin assigns the organisation, which assigns its pilot. */
async function scheduleAndAssign(setup: Awaited<ReturnType<typeof e2eReportAndCrews>>, pilotId: number) {
  const today = calendarDayIn(new Date());
  const given = await setup.customer.http.put('/api/field/shoot/update', {
    reportUuid: setup.report.uuid,
    dateRange: { start: today, end: addDays(today, 13) },
  });
  expect(given.statusCode).toBe(201);
  const shootUrl = `/api/shoot/${given.json().data.uuid}`;
  const toOrganisation = await setup.admin.http.put(shootUrl, {
    droneAdminId: setup.organisation.admin.user.id,
    type: 'droneAdmin',
  });
  expect(toOrganisation.statusCode).toBe(200);
  const toPilot = await setup.organisation.admin.http.put(shootUrl, {
    droneOperatorId: pilotId,
    type: 'droneOperator',
  });
  expect(toPilot.statusCode).toBe(200);
}

describe('drone crew uploads for an E2E report', () => {
  it('lets the assigned pilot and organisation upload once the shoot is theirs, and nobody else', async () => {
    const setup = await e2eReportAndCrews();
    const { report, customer, organisation, otherOrganisation } = setup;
    const [pilot, otherPilot] = organisation.pilots;
    const strangerAdmin = otherOrganisation.admin;
    if (!pilot || !otherPilot) throw new Error('pilots missing');

    // Before any shoot exists the report is not theirs: the same 404 as a missing report.
    const early = await dataOf(pilot.http, report.uuid);
    expect(early.statusCode).toBe(404);
    expect(early.json().errors[0].msg).toBe(DATASET_MESSAGES.reportNotFound);
    expect((await tusClient(pilot.http).create(report.uuid, 'a.jpg', 10)).statusCode).toBe(404);

    await scheduleAndAssign(setup, pilot.user.id);

    // The assigned pilot sees the panel and uploads.
    const panel = (await dataOf(pilot.http, report.uuid)).json().data as ReportDataView;
    expect(panel).toMatchObject({
      canUpload: true,
      uploadRefusal: null,
      report: { status: 'processing_pending' },
    });
    const body = Buffer.from('flight photo bytes');
    await tusClient(pilot.http).upload(report.uuid, 'DJI_0001.JPG', body);
    // The organisation follows the same upload (and may add to it).
    const seen = (await dataOf(organisation.admin.http, report.uuid)).json().data as ReportDataView;
    expect(seen.canUpload).toBe(true);
    expect(seen.dataset?.uploads).toEqual([
      expect.objectContaining({ filename: 'DJI_0001.JPG', size: body.length, completed: true }),
    ]);
    expect((await tusClient(organisation.admin.http).create(report.uuid, 'b.jpg', 10)).statusCode).toBe(201);

    // Another pilot of the same organisation, another organisation: not theirs.
    for (const outsider of [otherPilot, strangerAdmin, otherOrganisation.pilots[0]]) {
      if (!outsider) throw new Error('outsider missing');
      expect((await dataOf(outsider.http, report.uuid)).statusCode).toBe(404);
      expect((await tusClient(outsider.http).create(report.uuid, 'c.jpg', 10)).statusCode).toBe(404);
    }

    // The customer of an E2E report sees the data but does not upload it.
    const customerPanel = (await dataOf(customer.http, report.uuid)).json().data as ReportDataView;
    expect(customerPanel.canUpload).toBe(false);
    expect(customerPanel.uploadRefusal).toBe(DATASET_MESSAGES.uploadNotAllowed);
    expect((await tusClient(customer.http).create(report.uuid, 'd.jpg', 10)).statusCode).toBe(403);
  });

  it('does not serve the report results (photos, tiles, PDF) to the drone crew', async () => {
    const setup = await e2eReportAndCrews();
    const pilot = setup.organisation.pilots[0];
    if (!pilot) throw new Error('pilot missing');
    await scheduleAndAssign(setup, pilot.user.id);
    const file = `/api/reports/${setup.report.uuid}/files/data_files/final_report.pdf`;
    const refused = await pilot.http.get(file);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0].msg).toBe(DATASET_MESSAGES.reportNotFound);
    // The customer gets past the permission check (no such file yet).
    expect((await setup.customer.http.get(file)).json().errors[0].msg).toBe(DATASET_MESSAGES.fileNotFound);
  });
});
