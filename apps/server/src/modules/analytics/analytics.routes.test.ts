import {
  type AnalyticsOverview,
  defaultAnalyticsRange,
  type FieldOutlinesAnswer,
  type FieldsMapAnswer,
  ROLES,
  roundTo,
} from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportOutputPoint } from '../../platform/db/schema.ts';
import {
  createCompany,
  createCoupon,
  createDroneOrganisation,
  createField,
  createOrder,
  createReport,
  createShoot,
  createUser,
  rectangleRing,
  signedInClient,
} from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** A photo of outputData with `boxes` stressed-plant boxes. */
const point = (file: string, boxes: number): ReportOutputPoint => ({
  lng: 22.7,
  lat: 37.8,
  file,
  bboxes: Object.fromEntries(
    Array.from({ length: boxes }, (_, i) => [
      `box${i}`,
      {
        thr_coords: { x: i, y: i, w: 10, h: 10 },
        lng: 22.7,
        lat: 37.8,
        colour: 'yellow',
        className: 'Not Classified',
      },
    ]),
  ),
});

const ADMIN_ROUTES = [
  '/api/analytics/overview',
  '/api/analytics/fields-map',
  '/api/analytics/fields-map/polygons?bbox=22,37,23,38',
];

describe('who may read the dashboard figures', () => {
  it('answers 403 to every role but admin, and 401 without a session', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const { http } = await signedInClient(ctx, { role });
      for (const url of ADMIN_ROUTES) {
        const response = await http.get(url);
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.json().errors[0].msg).toBe('You do not have permission to do this');
      }
    }
    for (const url of ADMIN_ROUTES) expect((await client(ctx.app).get(url)).statusCode).toBe(401);
  });
});

describe('GET /analytics/overview', () => {
  it('equals the figures computed by hand on a seeded dataset', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const company = await createCompany(ctx);
    await createCompany(ctx);
    await createDroneOrganisation(ctx, 0); // an organisation, not a client company
    const { user: customer } = await createUser(ctx, { role: 'b2b_admin', companyId: company.id });
    const withTwoReports = await createField(ctx, customer, { hectares: 2 });
    const onlyInCart = await createField(ctx, customer, { hectares: 3 });
    const withShootDone = await createField(ctx, customer, { hectares: 1.5 });
    await createField(ctx, customer, { hectares: 0.5 });

    const e2eScheduled = await createReport(ctx, customer, withTwoReports, { status: 'processing_pending' });
    await createReport(ctx, customer, withTwoReports, {
      service: 'manual',
      status: 'complete',
      numOfInputImgs: 5,
      numOfOutputImgs: 4,
      outputData: [point('a.jpg', 1), point('b.jpg', 1), point('c.jpg', 0)],
    });
    const e2eComplete = await createReport(ctx, customer, withShootDone, {
      status: 'complete',
      numOfInputImgs: 10,
      numOfOutputImgs: 8,
      outputData: [point('d.jpg', 3)],
    });
    // Still in a cart: counted nowhere.
    await createReport(ctx, customer, onlyInCart, {
      status: 'pending',
      numOfInputImgs: 100,
      numOfOutputImgs: 100,
      outputData: [point('e.jpg', 7)],
    });
    await createShoot(ctx, e2eScheduled);
    await createShoot(ctx, e2eComplete, { status: 'complete', finalDay: '2025-04-02' });

    const coupon = await createCoupon(ctx);
    // Weeks and months are cut in Greek time (UTC+2 in winter, +3 in summer).
    await createOrder(ctx, customer, {
      createdAt: new Date('2025-03-03T08:00:00Z'),
      status: 'complete',
      finalPrice: 100.5,
      couponId: coupon.id,
    });
    await createOrder(ctx, customer, { createdAt: new Date('2025-03-09T21:30:00Z'), finalPrice: 50 }); // Sun 23:30
    await createOrder(ctx, customer, {
      createdAt: new Date('2025-03-09T22:30:00Z'), // already Monday 10 March in Athens
      status: 'complete',
      paymentMethod: 'card',
      finalPrice: 70,
    });
    await createOrder(ctx, customer, {
      createdAt: new Date('2025-05-20T09:00:00Z'),
      paymentMethod: 'stripe',
      finalPrice: 20,
    });
    await createOrder(ctx, customer, { createdAt: new Date('2024-12-31T12:00:00Z'), finalPrice: 999 }); // before the range
    await createOrder(ctx, customer, { createdAt: new Date('2025-05-31T21:30:00Z'), finalPrice: 999 }); // 1 June in Athens

    const response = await admin.http.get('/api/analytics/overview?from=2025-03-01&to=2025-05-31');
    expect(response.statusCode).toBe(200);
    const overview = response.json<AnalyticsOverview>();
    const hectares = (...areas: number[]) => roundTo(areas.reduce((sum, a) => sum + a, 0) / 10_000, 2);
    const allFields = [withTwoReports, onlyInCart, withShootDone].map((f) => f.area);

    expect(overview.range).toEqual({ from: '2025-03-01', to: '2025-05-31' });
    expect(overview.reports).toEqual({
      numOfInputImgs: 15,
      numOfOutputImgs: 12,
      totalStressedPoints: 5,
      services: { e2e: 2, manual: 1 },
    });
    expect(overview.fields.totalNumOfFields).toBe(4);
    expect(overview.fields.totalHectares).toBeCloseTo(hectares(...allFields) + 0.5, 1);
    expect(overview.fields.totalNumOfFieldsWithShoots).toBe(2);
    expect(overview.fields.totalHectaresWithShoots).toBe(hectares(withTwoReports.area, withShootDone.area));
    expect(overview.companies).toEqual({ totalNum: 2 });
    expect(overview.orders).toEqual({ total: 6, byPaymentMethod: { wire_transfer: 4, card: 1, stripe: 1 } });
    expect(overview.shootStatuses).toEqual({
      unassigned: 1,
      assigned_to_drone_admin: 0,
      assigned_to_drone_operator: 0,
      confirmed_shoot_dates: 0,
      complete: 1,
    });

    // Every week touching the range is present, from the Monday before 1 March to the last one of May.
    expect(overview.growth).toHaveLength(14);
    expect(overview.growth[0]?.weekStart).toBe('2025-02-24');
    expect(overview.growth.at(-1)?.weekStart).toBe('2025-05-26');
    const week = (start: string) => overview.growth.find((w) => w.weekStart === start);
    expect(week('2025-03-03')).toEqual({
      weekStart: '2025-03-03',
      orders: 2,
      orderValue: 150.5,
      couponOrders: 1,
    });
    expect(week('2025-03-10')).toEqual({
      weekStart: '2025-03-10',
      orders: 1,
      orderValue: 70,
      couponOrders: 0,
    });
    expect(week('2025-05-19')).toEqual({
      weekStart: '2025-05-19',
      orders: 1,
      orderValue: 20,
      couponOrders: 0,
    });
    expect(overview.growth.reduce((sum, w) => sum + w.orders, 0)).toBe(4);

    expect(overview.monthlyOrders).toEqual([
      { month: '2025-03', complete: 2, pendingPayment: 1, orderValue: 220.5 },
      { month: '2025-04', complete: 0, pendingPayment: 0, orderValue: 0 },
      { month: '2025-05', complete: 0, pendingPayment: 1, orderValue: 20 },
    ]);

    // Another range answers other series (the totals stay all-time).
    const june = (
      await admin.http.get('/api/analytics/overview?from=2025-06-01&to=2025-06-30')
    ).json<AnalyticsOverview>();
    expect(june.monthlyOrders).toEqual([
      { month: '2025-06', complete: 0, pendingPayment: 1, orderValue: 999 },
    ]);
    expect(june.reports.totalStressedPoints).toBe(5);
  });

  it('defaults to the last seven months and refuses a reversed or too long range', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const before = defaultAnalyticsRange(new Date());
    const overview = (await admin.http.get('/api/analytics/overview')).json<AnalyticsOverview>();
    const after = defaultAnalyticsRange(new Date());
    expect([before, after]).toContainEqual(overview.range);
    expect(overview.monthlyOrders).toHaveLength(7);

    const reversed = await admin.http.get('/api/analytics/overview?from=2025-05-01&to=2025-04-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0].msg).toBe('The end date cannot be before the start date');
    const tooLong = await admin.http.get('/api/analytics/overview?from=2015-01-01&to=2025-01-01');
    expect(tooLong.json().errors[0].msg).toBe('The date range can be at most five years');
    const onlyAncientFrom = await admin.http.get('/api/analytics/overview?from=2001-01-01');
    expect(onlyAncientFrom.statusCode).toBe(400);
    expect((await admin.http.get('/api/analytics/overview?from=2025-02-30')).statusCode).toBe(400);
  });
});

/** The overview's totals aggregated from the tables themselves, as the dashboard did before its triggers. */
async function aggregatedFromTables(test: TestApp) {
  const { rows } = await test.database.executor.executeSql(
    `select
       (select json_build_object(
          'inputs', coalesce(sum(num_of_input_imgs), 0), 'outputs', coalesce(sum(num_of_output_imgs), 0),
          'stressed', coalesce(sum(stressed_points), 0),
          'e2e', count(*) filter (where service = 'e2e'), 'manual', count(*) filter (where service = 'manual'))
        from reports where status <> 'pending') as reports,
       (select json_build_object('count', count(*), 'area', round(coalesce(sum(area), 0)))
        from fields where id in (select field_id from reports where status <> 'pending')) as with_shoots,
       (select json_build_object('count', count(*), 'area', round(coalesce(sum(area), 0))) from fields) as fields,
       (select json_object_agg(status, n) from (select status, count(*) n from shoots group by status) s) as shoots,
       (select json_object_agg(payment_method, n)
        from (select payment_method, count(*) n from orders group by payment_method) o) as methods,
       (select json_object_agg(day, v) from (
          select (created_at at time zone 'Europe/Athens')::date::text as day,
                 json_build_array(count(*), round(sum(final_price)::numeric, 2), count(coupon_id),
                                  count(*) filter (where status = 'complete')) as v
          from orders group by 1) d) as days`,
    [],
  );
  return rows[0];
}

/** The same figures as the triggers keep them. */
async function keptByTriggers(test: TestApp): Promise<Record<string, unknown>> {
  const { rows } = await test.database.executor.executeSql(
    `select
       (select json_build_object(
          'inputs', coalesce(sum(inputs), 0), 'outputs', coalesce(sum(outputs), 0), 'stressed', coalesce(sum(stressed), 0),
          'e2e', coalesce(sum(e2e), 0), 'manual', coalesce(sum(manual), 0))
        from analytics_field_reports) as reports,
       (select json_build_object('count', count(*), 'area', round(coalesce(sum(area), 0)))
        from analytics_field_reports where reports > 0 and field_key <> 0) as with_shoots,
       (select json_build_object('count', coalesce(sum(fields), 0), 'area', round(coalesce(sum(area), 0)))
        from analytics_field_totals) as fields,
       (select json_object_agg(status, count) from analytics_shoot_statuses where count > 0) as shoots,
       (select json_object_agg(payment_method, n)
        from (select payment_method, sum(orders) n from analytics_order_days group by 1 having sum(orders) > 0) o) as methods,
       (select json_object_agg(day, v) from (
          select day::text as day,
                 json_build_array(sum(orders), round(sum(order_value), 2),
                                  coalesce(sum(orders) filter (where with_coupon), 0),
                                  coalesce(sum(orders) filter (where status = 'complete'), 0)) as v
          from analytics_order_days group by 1 having sum(orders) > 0) d) as days`,
    [],
  );
  return rows[0] as Record<string, unknown>;
}

describe('the dashboard aggregates the triggers keep', () => {
  it('equal the tables aggregated after inserts, updates, deletes and a deleted field', async () => {
    // Both sides cover every row of the database, whatever other tests of this file wrote.
    const before = (await keptByTriggers(ctx)).reports as { inputs: number; stressed: number };
    const { user } = await createUser(ctx, { role: 'b2c_admin' });
    const [a, b, c] = [
      await createField(ctx, user, { hectares: 2 }),
      await createField(ctx, user, { hectares: 1 }),
      await createField(ctx, user, { hectares: 0.7 }),
    ];
    const cart = await createReport(ctx, user, a, { status: 'pending', numOfInputImgs: 9 });
    const done = await createReport(ctx, user, b, {
      status: 'complete',
      numOfInputImgs: 4,
      numOfOutputImgs: 3,
      outputData: [point('x.jpg', 2)],
    });
    const onC = await createReport(ctx, user, c, { service: 'manual', status: 'processing_data' });
    const shoot = await createShoot(ctx, done);
    const order = await createOrder(ctx, user, {
      finalPrice: 10.1,
      createdAt: new Date('2025-03-09T22:30:00Z'),
    });
    await createOrder(ctx, user, { finalPrice: 5, paymentMethod: 'card' });
    expect(await keptByTriggers(ctx)).toEqual(await aggregatedFromTables(ctx));

    const sql = (text: string, params: unknown[] = []) => ctx.database.executor.executeSql(text, params);
    // The cart report is ordered; the finished one gets more boxes; the field of the third is deleted.
    await sql(`update reports set status = 'processing_pending', num_of_input_imgs = 12 where id = $1`, [
      cart.id,
    ]);
    await sql(`update reports set output_data = $2::jsonb, num_of_output_imgs = 4 where id = $1`, [
      done.id,
      JSON.stringify([point('x.jpg', 2), point('y.jpg', 3)]),
    ]);
    await sql('delete from fields where id = $1', [c.id]);
    await sql('update fields set area = area * 2 where id = $1', [a.id]);
    await sql(`update shoots set status = 'complete' where id = $1`, [shoot.id]);
    await sql(`update orders set status = 'complete', final_price = 12.35 where id = $1`, [order.id]);
    await sql('delete from reports where id = $1', [onC.id]);
    expect(await keptByTriggers(ctx)).toEqual(await aggregatedFromTables(ctx));
    // The finished report's 4 photos and 5 boxes, and the ordered cart report's 12 photos.
    const after = (await keptByTriggers(ctx)).reports as { inputs: number; stressed: number };
    expect(after.inputs - before.inputs).toBe(16);
    expect(after.stressed - before.stressed).toBe(5);
  }, 120_000);
});

describe('dashboard map', () => {
  it('lists every field as a centroid, oldest first, and outlines only those centred in the box', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await signedInClient(fresh, { role: 'admin' });
      const { user: owner } = await createUser(fresh);
      const nemea = await createField(fresh, owner, {
        title: 'Nemea',
        ring: rectangleRing(22.71, 37.817, 22.7111, 37.8179),
      });
      const santorini = await createField(fresh, owner, {
        title: 'Santorini',
        ring: rectangleRing(25.43, 36.4, 25.4311, 36.4009),
      });

      const points = (await admin.http.get('/api/analytics/fields-map')).json<FieldsMapAnswer>();
      expect(points.data.map((p) => p.title)).toEqual(['Nemea', 'Santorini']);
      expect(points.data[0]).toEqual({
        uuid: nemea.uuid,
        title: 'Nemea',
        hectares: roundTo(nemea.area / 10_000, 2),
        lng: roundTo(nemea.centroidLng, 6),
        lat: roundTo(nemea.centroidLat, 6),
      });

      const near = await admin.http.get('/api/analytics/fields-map/polygons?bbox=22.5,37.5,23,38');
      expect(near.json<FieldOutlinesAnswer>()).toEqual({
        data: [{ uuid: nemea.uuid, title: 'Nemea', ring: nemea.polygon }],
        truncated: false,
      });
      const island = (await admin.http.get('/api/analytics/fields-map/polygons?bbox=25,36,26,37')).json();
      expect(island.data.map((f: { uuid: string }) => f.uuid)).toEqual([santorini.uuid]);

      const bad = await admin.http.get('/api/analytics/fields-map/polygons?bbox=23,37,22,38');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].msg).toBe('Please give the map area as west,south,east,north');
    } finally {
      await fresh.close();
    }
  });
});
