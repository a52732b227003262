import { addDays, calendarDayIn, type ShootView } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDroneOrganisation,
  createField,
  createReport,
  rectangleRing,
  signedInClient,
} from '../../test/factories.ts';
import { geotaggedJpeg } from '../../test/geotagged-jpeg.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tusClient } from '../../test/tus-client.ts';
import { waitForData } from './test-support.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const RING = rectangleRing(22.71, 37.817, 22.7111, 37.8179);
const INSIDE = { lat: 37.81745, lng: 22.71055, altitude: 380 };
const exifDay = (day: string) => `${day.replaceAll('-', ':')} 10:15:00`;

/** An E2E report whose shoot is scheduled, assigned to a pilot and has confirmed dates (no final day). */
async function confirmedShoot() {
  const customer = await signedInClient(ctx, { role: 'b2c_admin' });
  const field = await createField(ctx, customer.user, { ring: RING });
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
  expect(given.statusCode).toBe(201);
  const shootUrl = `/api/shoot/${given.json().data.uuid}`;
  expect((await admin.http.put(shootUrl, { droneOperatorId: pilot.user.id })).statusCode).toBe(200);
  const confirmed = await admin.http.put('/api/shoot/updateDates', {
    shootUuid: given.json().data.uuid,
    shootDays: {
      confirmed: { start: today, end: today },
      alternative: { start: today, end: addDays(today, 2) },
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { customer, report, admin, pilot, shootUrl, today };
}

async function uploadPhotos(
  pilot: Awaited<ReturnType<typeof signedInClient>>,
  reportUuid: string,
  takenAt: string,
) {
  await tusClient(pilot.http).upload(
    reportUuid,
    'DJI_0001.JPG',
    await geotaggedJpeg({ gps: INSIDE, takenAt }),
  );
  expect((await pilot.http.post(`/api/reports/${reportUuid}/data/submit`)).statusCode).toBe(202);
  return waitForData(pilot.http, reportUuid, (data) => data.dataset?.status !== 'validating');
}

const farNotices = async (http: Awaited<ReturnType<typeof signedInClient>>['http'], reportUuid: string) => {
  const list = (await http.get('/api/notifications')).json().data as {
    details: { newStatus?: string; report?: { uuid: string } };
  }[];
  return list.filter(
    (n) => n.details.newStatus === 'photo_dates_far' && n.details.report?.uuid === reportUuid,
  );
};

describe('data received completes the shoot', () => {
  it('completes a confirmed shoot with the day the photos were taken', async () => {
    const { report, admin, pilot, shootUrl, today } = await confirmedShoot();
    const data = await uploadPhotos(pilot, report.uuid, exifDay(today));
    expect(data.dataset?.filesAccepted).toBe(1);
    const shoot = (await admin.http.get(shootUrl)).json().data as ShootView;
    expect(shoot.status).toBe('complete');
    expect(shoot.shootDays?.final).toBe(today);
    expect(shoot.completedAt).not.toBeNull();
    expect(await farNotices(admin.http, report.uuid)).toEqual([]);
  });

  it('accepts photos dated years before the shoot, completes it today and flags them to staff', async () => {
    const { report, admin, pilot, customer, shootUrl, today } = await confirmedShoot();
    const data = await uploadPhotos(pilot, report.uuid, '2013:06:11 10:15:00');
    expect(data.dataset?.filesAccepted).toBe(1);
    const shoot = (await admin.http.get(shootUrl)).json().data as ShootView;
    expect(shoot).toMatchObject({ status: 'complete', shootDays: { final: today } });
    expect(await farNotices(admin.http, report.uuid)).toHaveLength(1);
    // Staff only: the customer hears the shoot is complete, not about camera clocks.
    expect(await farNotices(customer.http, report.uuid)).toEqual([]);
  });
});
