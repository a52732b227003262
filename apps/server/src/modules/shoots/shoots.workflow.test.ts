import {
  addDays,
  calendarDayIn,
  type NotificationsAnswer,
  type ShootAnswer,
  type ShootsAnswer,
} from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createDroneOrganisation,
  createField,
  createReport,
  signedInClient,
  validField,
} from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const today = () => calendarDayIn(new Date());
const shoots = async (http: Client): Promise<ShootsAnswer> => (await http.get('/api/shoots')).json();
const notifications = async (http: Client): Promise<NotificationsAnswer> =>
  (await http.get('/api/notifications')).json();

/** A b2b customer with a colleague, a field and a processing E2E report. */
async function customerWithReport() {
  const company = await createCompany(ctx);
  const customer = await signedInClient(ctx, {
    role: 'b2b_admin',
    companyId: company.id,
    firstName: 'Eleni',
  });
  const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
  const field = await createField(ctx, customer.user, { title: 'Nemea Block A', hectares: 2 });
  const report = await createReport(ctx, customer.user, field);
  return { company, customer, colleague, field, report };
}

describe('the drone workflow: customer → admin → drone operator → pilot', () => {
  it('carries a processing E2E report through a scheduled, assigned, confirmed and completed shoot', async () => {
    const { customer, colleague, field, report } = await customerWithReport();
    const stranger = await signedInClient(ctx, { role: 'b2c_admin' });
    const admin = await signedInClient(ctx, { role: 'admin', firstName: 'Anna' });
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    const organisation = await createDroneOrganisation(ctx, 2);
    const [pilot, otherPilot] = organisation.pilots;
    const otherOrganisation = await createDroneOrganisation(ctx, 1);
    if (!pilot || !otherPilot) throw new Error('pilots missing');

    // 1. The customer gives a 14-day availability: the shoot is created, the report waits for it.
    const availability = { start: today(), end: addDays(today(), 13) };
    const given = await customer.http.put('/api/field/shoot/update', {
      reportUuid: report.uuid,
      dateRange: availability,
    });
    expect(given.statusCode).toBe(201);
    const created = (given.json() as ShootAnswer).data;
    expect(created).toMatchObject({
      status: 'unassigned',
      scheduleType: 'flexible',
      dateRange: availability,
      shootDays: null,
      needsAssignment: true,
      fieldId: field.id,
      report: { uuid: report.uuid, status: 'processing_pending' },
      owner: { firstName: 'Eleni' },
      droneAdmin: null,
      droneOperator: null,
      actions: { updateAvailability: true, assignDroneAdmin: false, confirmDates: false, complete: false },
    });
    const shootUrl = `/api/shoot/${created.uuid}`;

    // Administrators are told and e-mailed; the colleague sees it on the fields; strangers do not.
    const adminNews = await notifications(admin.http);
    expect(adminNews.data[0]).toMatchObject({
      type: 'new_shoot',
      details: { dateRange: availability, field: { uuid: field.uuid, title: 'Nemea Block A' } },
    });
    expect((await notifications(operations.http)).data[0]?.type).toBe('new_shoot');
    await ctx.waitForMail(admin.user.email, 'New Photo Shoot to assign');
    const colleagueFields = (await colleague.http.get('/api/fields')).json();
    expect(colleagueFields.shootData.map((s: { uuid: string }) => s.uuid)).toEqual([created.uuid]);
    expect((await shoots(colleague.http)).data.map((s) => s.uuid)).toEqual([created.uuid]);
    expect((await shoots(stranger.http)).data).toEqual([]);
    expect((await stranger.http.get(shootUrl)).statusCode).toBe(404);

    // 2. The admin sees it as needing assignment and lists the drone operator organisations.
    const adminList = await shoots(admin.http);
    expect(adminList.needsAssignment).toBeGreaterThanOrEqual(1);
    expect(adminList.data.find((s) => s.uuid === created.uuid)?.actions.assignDroneAdmin).toBe(true);
    const droneAdmins = (await admin.http.post('/api/users/find', { role: 'drone_admin' })).json();
    expect(droneAdmins.data.map((u: { id: number }) => u.id)).toContain(organisation.admin.user.id);
    // A customer cannot assign or change a shoot's status.
    expect((await customer.http.put(shootUrl, { droneAdminId: organisation.admin.user.id })).statusCode).toBe(
      403,
    );
    expect((await customer.http.put(`${shootUrl}/status`, { status: 'complete' })).statusCode).toBe(403);
    // Only a drone_admin can be assigned as the organisation.
    const wrongRole = await admin.http.put(shootUrl, { droneAdminId: pilot.user.id, type: 'droneAdmin' });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().errors[0].msg).toBe('The selected user is not a Drone Operator');

    const assigned = await admin.http.put(shootUrl, {
      droneAdminId: organisation.admin.user.uuid,
      type: 'droneAdmin',
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      msg: 'Drone Operator or Drone Pilot has been successfully assigned to Photo Shoot',
      data: {
        status: 'assigned_to_drone_admin',
        droneAdmin: { firstName: 'Dimitris' },
        needsAssignment: false,
      },
    });
    expect((await notifications(customer.http)).data[0]).toMatchObject({
      type: 'shoot_status_update',
      details: { newStatus: 'shoot_assigned_to_drone_admin', field: { title: 'Nemea Block A' } },
    });
    expect((await notifications(organisation.admin.http)).data[0]?.details.newStatus).toBe(
      'shoot_assigned_to_drone_admin',
    );
    await ctx.waitForMail(organisation.admin.user.email, 'Photo Shoot assigned to you');
    // Availability is locked once a drone operator is on it.
    const late = await customer.http.put('/api/field/shoot/update', {
      reportUuid: report.uuid,
      dateRange: availability,
    });
    expect(late.statusCode).toBe(409);

    // 3. The drone operator organisation sees its shoot; another organisation and the pilots do not yet.
    const daView = (await shoots(organisation.admin.http)).data;
    expect(daView.map((s) => s.uuid)).toEqual([created.uuid]);
    expect(daView[0]?.actions).toMatchObject({
      confirmDates: true,
      assignDroneOperator: true,
      assignDroneAdmin: false,
    });
    expect((await shoots(otherOrganisation.admin.http)).data).toEqual([]);
    expect((await shoots(pilot.http)).data).toEqual([]);
    expect((await otherOrganisation.admin.http.get(shootUrl)).statusCode).toBe(404);

    // It cannot assign a pilot of another organisation; it lists only its own pilots.
    const foreign = await organisation.admin.http.put(shootUrl, {
      droneOperatorId: otherOrganisation.pilots[0]?.user.id,
      type: 'droneOperator',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0].msg).toBe('You can only assign pilots of your own organisation');
    const ownPilots = (
      await organisation.admin.http.post('/api/users/find', { role: 'drone_operator' })
    ).json();
    expect(ownPilots.data.map((u: { id: number }) => u.id).sort()).toEqual(
      [pilot.user.id, otherPilot.user.id].sort(),
    );

    // 4. It confirms dates inside the availability (single days allowed).
    const confirmed = { start: today(), end: addDays(today(), 1) };
    const alternative = { start: addDays(today(), 3), end: addDays(today(), 3) };
    const dated = await organisation.admin.http.put('/api/shoot/updateDates', {
      shootUuid: created.uuid,
      fieldUuid: field.uuid,
      status: 'confirmed_shoot_dates',
      fieldOwnerUuid: customer.user.uuid,
      shootDays: { confirmed, alternative },
    });
    expect(dated.statusCode).toBe(200);
    expect(dated.json().data).toMatchObject({
      status: 'confirmed_shoot_dates',
      shootDays: { confirmed, alternative, final: null },
      actions: { confirmDates: false, setFinalDay: true, complete: false },
    });
    expect((await notifications(customer.http)).data[0]?.details).toMatchObject({
      newStatus: 'confirmed_shoot_dates',
      shootDays: { confirmed, alternative },
    });
    await ctx.waitForMail(customer.user.email, 'Photo Shoot dates');

    // 5. …and assigns one of its pilots: the shoot stays confirmed, the pilot is told.
    const piloted = await organisation.admin.http.put(shootUrl, {
      droneOperatorId: pilot.user.id,
      type: 'droneOperator',
    });
    expect(piloted.statusCode).toBe(200);
    expect(piloted.json().data).toMatchObject({
      status: 'confirmed_shoot_dates',
      droneOperator: { id: pilot.user.id },
    });
    expect((await notifications(pilot.http)).data[0]?.details.newStatus).toBe(
      'shoot_assigned_to_drone_operator',
    );
    await ctx.waitForMail(pilot.user.email, 'Photo Shoot assigned to you');

    // 6. The pilot sees only its shoot; the other pilot of the same organisation does not.
    const pilotView = (await shoots(pilot.http)).data;
    expect(pilotView.map((s) => s.uuid)).toEqual([created.uuid]);
    expect(pilotView[0]).toMatchObject({
      // Answers carry coordinates to 7 decimals (about 1 cm).
      field: {
        title: 'Nemea Block A',
        polygonPoints: field.polygon.map((point) => point.map((degrees) => Math.round(degrees * 1e7) / 1e7)),
      },
      owner: { email: customer.user.email },
      actions: { confirmDates: false, setFinalDay: true, assignDroneOperator: false },
    });
    expect((await shoots(otherPilot.http)).data).toEqual([]);
    expect((await otherPilot.http.get(shootUrl)).statusCode).toBe(404);
    // A pilot never confirms dates nor assigns.
    expect(
      (
        await pilot.http.put('/api/shoot/updateDates', {
          shootUuid: created.uuid,
          shootDays: { confirmed, alternative },
        })
      ).statusCode,
    ).toBe(403);
    expect((await pilot.http.put(shootUrl, { droneOperatorId: otherPilot.user.id })).statusCode).toBe(403);

    // The pilot downloads the field's KML by report; the other pilot cannot.
    const kml = await pilot.http.post('/api/reports/download/kml', { reportUuid: report.uuid });
    expect(kml.statusCode).toBe(200);
    expect(kml.headers['content-disposition']).toContain(`filename="${report.uuid}.kml"`);
    expect(kml.body).toContain('<Polygon>');
    expect((await pilot.http.post('/api/reports/download/kml', { fieldId: field.uuid })).statusCode).toBe(
      200,
    );
    expect(
      (await otherPilot.http.post('/api/reports/download/kml', { reportUuid: report.uuid })).statusCode,
    ).toBe(404);

    // 7. The final day is set within confirmed start … alternative end, then the shoot is completed.
    const outside = await pilot.http.put('/api/shoot/updateDates', {
      shootUuid: created.uuid,
      updateType: 'final',
      shootDays: { final: addDays(today(), 4) },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0].msg).toBe(
      'The final shoot day must be between the confirmed start and the alternative end',
    );
    const early = await pilot.http.put(`${shootUrl}/status`, { status: 'complete' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].msg).toBe('Set the final shoot day first');
    const final = await pilot.http.put('/api/shoot/updateDates', {
      shootUuid: created.uuid,
      updateType: 'final',
      shootDays: { final: today() },
    });
    expect(final.statusCode).toBe(200);
    expect(final.json().data.shootDays.final).toBe(today());
    const done = await pilot.http.put(`${shootUrl}/status`, { status: 'complete' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      msg: 'Photo Shoot status has been updated',
      data: { status: 'complete', report: { status: 'processing_pending' } },
    });
    expect((await notifications(customer.http)).data[0]?.details.newStatus).toBe('shoot_complete');
    expect((await pilot.http.put(`${shootUrl}/status`, { status: 'complete' })).statusCode).toBe(400);

    // 8. Staff move the report on as the data arrives; the customer is told when it is ready.
    const toData = await admin.http.post('/api/reports/update/status', {
      reportUuid: report.uuid,
      newStatus: 'processing_data',
    });
    expect(toData.statusCode).toBe(200);
    expect(toData.json()).toMatchObject({
      msg: 'Report successfully updated.',
      data: { status: 'processing_data' },
    });
    expect(
      (
        await admin.http.post('/api/reports/update/status', {
          reportUuid: report.uuid,
          newStatus: 'complete',
        })
      ).statusCode,
    ).toBe(200);
    expect((await notifications(customer.http)).data[0]).toMatchObject({
      type: 'report_status_update',
      details: { newStatus: 'complete', report: { uuid: report.uuid } },
    });
    await ctx.waitForMail(customer.user.email, 'is ready');
  });

  it('lets administrators assign a pilot directly and lists the E2E reports still without a shoot', async () => {
    const { customer, report, field } = await customerWithReport();
    const admin = await signedInClient(ctx, { role: 'admin' });
    const independent = await signedInClient(ctx, { role: 'drone_operator' });
    const waiting = await createReport(ctx, customer.user, field, {
      status: 'pending_payment',
      validFrom: null,
      validTo: null,
    });
    const availability = { start: addDays(today(), 1), end: addDays(today(), 5) };
    const shoot = (
      await customer.http.put('/api/field/shoot/update', { reportUuid: report.uuid, dateRange: availability })
    ).json().data;

    const listed = await shoots(admin.http);
    expect(listed.reportsAwaitingShoot.map((r) => r.report.uuid)).toContain(waiting.uuid);
    expect(listed.reportsAwaitingShoot.map((r) => r.report.uuid)).not.toContain(report.uuid);
    // Customers and drone roles get no such list.
    expect((await shoots(customer.http)).reportsAwaitingShoot).toEqual([]);

    const direct = await admin.http.put(`/api/shoot/${shoot.uuid}`, { droneOperatorId: independent.user.id });
    expect(direct.statusCode).toBe(200);
    expect(direct.json().data).toMatchObject({ status: 'assigned_to_drone_operator', droneAdmin: null });
    expect((await shoots(independent.http)).data.map((s) => s.uuid)).toEqual([shoot.uuid]);
    // The pilot may not confirm dates; the administrator may.
    expect((await shoots(independent.http)).data[0]?.actions.confirmDates).toBe(false);
    const dated = await admin.http.put('/api/shoot/updateDates', {
      shootUuid: shoot.uuid,
      shootDays: { confirmed: availability, alternative: { start: availability.end, end: availability.end } },
    });
    expect(dated.statusCode).toBe(200);
    expect(dated.json().data.status).toBe('confirmed_shoot_dates');
  });

  it('tells the operations staff about every new field', async () => {
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    const customer = await signedInClient(ctx, { role: 'b2c_admin', firstName: 'Giorgos' });
    const created = await customer.http.post('/api/field/create', validField({ title: 'Agios Georgios' }));
    expect(created.statusCode).toBe(201);
    expect((await notifications(operations.http)).data[0]).toMatchObject({
      type: 'new_field',
      details: {
        field: { uuid: created.json().data.uuid, title: 'Agios Georgios' },
        owner: { firstName: 'Giorgos' },
      },
    });
    expect((await notifications(customer.http)).data).toEqual([]);
  });
});
