import { addDays, calendarDayIn, type ShootView } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDroneOrganisation, createField, createReport, signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const today = () => calendarDayIn(new Date());
const range = (from: number, to: number) => ({ start: addDays(today(), from), end: addDays(today(), to) });
const firstError = (response: { json(): { errors: { msg: string }[] } }) => response.json().errors[0]?.msg;

async function scheduled(availability = range(0, 13)) {
  const customer = await signedInClient(ctx, { role: 'b2c_admin' });
  const field = await createField(ctx, customer.user);
  const report = await createReport(ctx, customer.user, field);
  const given = await customer.http.put('/api/field/shoot/update', {
    reportUuid: report.uuid,
    dateRange: availability,
  });
  if (given.statusCode !== 201) throw new Error(given.body);
  return { customer, field, report, shoot: given.json().data as ShootView };
}

describe('the availability (schedule shoot)', () => {
  it('is at most 14 days, not in the past, and required', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, customer.user);
    const report = await createReport(ctx, customer.user, field);
    const give = (body: Record<string, unknown>) =>
      customer.http.put('/api/field/shoot/update', { reportUuid: report.uuid, ...body });

    const fifteen = await give({ dateRange: range(0, 14) });
    expect(fifteen.statusCode).toBe(400);
    expect(firstError(fifteen)).toBe('The date range can be at most 14 days');
    expect(firstError(await give({ dateRange: range(-1, 3) }))).toBe('The dates cannot be in the past');
    expect(firstError(await give({ dateRange: range(3, 1) }))).toBe(
      'The end date cannot be before the start date',
    );
    expect(firstError(await give({}))).toBe('Please include date range');
    expect(firstError(await give({ dateRange: null }))).toBe('Please include date range');
    const fixed = await give({ dateRange: range(0, 3), scheduleType: 'fixed' });
    expect(fixed.statusCode).toBe(400);
    expect(firstError(fixed)).toBe('Fixed dates are chosen by the provider');

    // A single day is a valid range; a second call changes it while unassigned (same shoot).
    const first = await give({ dateRange: range(2, 2) });
    expect(first.statusCode).toBe(201);
    const second = await give({ dateRange: range(1, 14) });
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({ uuid: first.json().data.uuid, dateRange: range(1, 14) });
  });

  it('is only for a processing E2E report the caller may buy for', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const guest = await signedInClient(ctx, { role: 'b2c_user' });
    const other = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, customer.user);
    const manual = await createReport(ctx, customer.user, field, { service: 'manual' });
    const unpaid = await createReport(ctx, customer.user, field, { status: 'pending_payment' });
    const expired = await createReport(ctx, customer.user, field, { validTo: new Date(Date.now() - 1000) });
    const report = await createReport(ctx, customer.user, field);
    const give = (reportUuid: string, http = customer.http) =>
      http.put('/api/field/shoot/update', { reportUuid, dateRange: range(0, 3) });

    for (const refused of [manual, unpaid, expired]) {
      const response = await give(refused.uuid);
      expect(response.statusCode).toBe(400);
      expect(firstError(response)).toBe('Only a processing End to End report can be scheduled');
    }
    expect((await give(report.uuid, other.http)).statusCode).toBe(404);
    expect((await give(report.uuid, guest.http)).statusCode).toBe(403);
  });
});

describe('confirming dates', () => {
  it('keeps both ranges inside the availability and needs an assigned drone operator', async () => {
    const { shoot } = await scheduled(range(1, 10));
    const admin = await signedInClient(ctx, { role: 'operation_admin' });
    const { admin: droneAdmin } = await createDroneOrganisation(ctx, 0);
    const confirm = (shootDays: Record<string, unknown>) =>
      droneAdmin.http.put('/api/shoot/updateDates', { shootUuid: shoot.uuid, shootDays });

    const early = await admin.http.put('/api/shoot/updateDates', {
      shootUuid: shoot.uuid,
      shootDays: { confirmed: range(1, 2), alternative: range(3, 4) },
    });
    expect(early.statusCode).toBe(400);
    expect(firstError(early)).toBe('Assign a Drone Operator or a Drone Pilot before confirming dates');
    // Before assignment the drone operator does not even see the shoot.
    expect((await confirm({ confirmed: range(1, 2), alternative: range(3, 4) })).statusCode).toBe(404);

    await admin.http.put(`/api/shoot/${shoot.uuid}`, { droneAdminId: droneAdmin.user.id });
    const outside = await confirm({ confirmed: range(0, 2), alternative: range(3, 4) });
    expect(outside.statusCode).toBe(400);
    expect(firstError(outside)).toBe("The dates must be within the client's availability");
    expect(firstError(await confirm({ confirmed: range(2, 3), alternative: range(9, 11) }))).toBe(
      "The dates must be within the client's availability",
    );
    expect(firstError(await confirm({ confirmed: range(5, 6), alternative: range(2, 3) }))).toBe(
      'The alternative dates cannot start before the confirmed dates',
    );
    expect(firstError(await confirm({ confirmed: range(2, 3) }))).toBe('Please include date range');

    const ok = await confirm({ confirmed: range(1, 1), alternative: range(10, 10) });
    expect(ok.statusCode).toBe(200);
    // Once set, Confirm Dates is gone: only the final day changes (set, then reset).
    expect(firstError(await confirm({ confirmed: range(1, 1), alternative: range(10, 10) }))).toBe(
      'The dates of this Photo Shoot are already set',
    );
    const setFinal = (final: string | null) =>
      droneAdmin.http.put('/api/shoot/updateDates', {
        shootUuid: shoot.uuid,
        updateType: 'final',
        shootDays: { final },
      });
    expect((await setFinal(addDays(today(), 0))).statusCode).toBe(400);
    expect((await setFinal(addDays(today(), 11))).statusCode).toBe(400);
    expect((await setFinal(addDays(today(), 10))).json().data.shootDays.final).toBe(addDays(today(), 10));
    const reset = await setFinal(null);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      msg: 'Final shoot day reset',
      data: { shootDays: { final: null } },
    });
    // A final day in the future cannot be completed yet.
    await setFinal(addDays(today(), 5));
    const future = await droneAdmin.http.put(`/api/shoot/${shoot.uuid}/status`, { status: 'complete' });
    expect(future.statusCode).toBe(400);
    expect(firstError(future)).toBe('A Photo Shoot cannot be completed before its final shoot day');
  });
});

describe('fixed scheduling (staff)', () => {
  it('needs both days, creates the shoot when the report has none, and stops the customer', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const admin = await signedInClient(ctx, { role: 'admin' });
    const field = await createField(ctx, customer.user);
    const report = await createReport(ctx, customer.user, field);
    const fix = (body: Record<string, unknown>, http = admin.http) =>
      http.post('/api/shoot/setFixedDates', { reportUuid: report.uuid, fieldUuid: field.uuid, ...body });

    const missing = await fix({ fixedPrimaryDate: addDays(today(), 2) });
    expect(missing.statusCode).toBe(400);
    expect(firstError(missing)).toBe('Please set both the fixed primary and the fixed alternative date');
    const days = { fixedPrimaryDate: addDays(today(), 2), fixedAlternativeDate: addDays(today(), 4) };
    expect((await fix(days, customer.http)).statusCode).toBe(403);
    expect(firstError(await fix({ ...days, fixedAlternativeDate: addDays(today(), 1) }))).toBe(
      'The fixed alternative date cannot be before the fixed primary date',
    );

    const fixed = await fix(days);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      OK: true,
      data: {
        scheduleType: 'fixed',
        status: 'unassigned',
        dateRange: null,
        fixedDates: { primary: days.fixedPrimaryDate, alternative: days.fixedAlternativeDate },
        shootDays: {
          confirmed: { start: days.fixedPrimaryDate, end: days.fixedPrimaryDate },
          alternative: { start: days.fixedAlternativeDate, end: days.fixedAlternativeDate },
          final: null,
        },
        report: { status: 'processing_pending' },
        needsAssignment: true,
      },
    });
    const shootUuid = fixed.json().data.uuid;

    // The customer sees the fixed schedule and cannot act.
    const customerView = (await customer.http.get('/api/shoots')).json().data[0];
    expect(customerView).toMatchObject({ scheduleType: 'fixed', actions: { updateAvailability: false } });
    const blocked = await customer.http.put('/api/field/shoot/update', {
      reportUuid: report.uuid,
      dateRange: range(0, 3),
    });
    expect(blocked.statusCode).toBe(409);
    expect(firstError(blocked)).toContain('The provider is searching for available dates');

    // Assigning someone confirms the fixed days; the crew then picks the final day among them.
    const organisation = await createDroneOrganisation(ctx, 0);
    const assigned = await admin.http.put(`/api/shoot/${shootUuid}`, {
      droneAdminId: organisation.admin.user.id,
    });
    expect(assigned.json().data).toMatchObject({
      status: 'confirmed_shoot_dates',
      actions: { confirmDates: false },
    });
    const final = await organisation.admin.http.put('/api/shoot/updateDates', {
      shootUuid,
      updateType: 'final',
      shootDays: { final: days.fixedAlternativeDate },
    });
    expect(final.statusCode).toBe(200);
    await ctx.waitForMail(customer.user.email, 'Photo Shoot dates');
  });
});
