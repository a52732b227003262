import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, fields, notifications, orders, reports, users } from '../../platform/db/schema.ts';
import {
  createField,
  createOrder,
  createReport,
  createUser,
  multipartFile,
  pngOf,
  signedInClient,
  validAddress,
} from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PDF_FILE, reportKey } from '../datasets/paths.ts';
import { createPurgeService } from './purge-service.ts';
import { createPrivacyRepository } from './repository.ts';
import { storageOf } from './test-support.ts';

let ctx: TestApp;
// Booting runs every migration on a fresh database: slow on a busy machine.
beforeAll(async () => {
  ctx = await createTestApp();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const purgeService = () =>
  createPurgeService({
    privacy: createPrivacyRepository(ctx.database.db),
    storage: storageOf(ctx),
    logger: quiet,
  });

/** A customer with a picture, an address, a field, a paid report with its PDF, a cart item and a notification. */
async function customerWithData() {
  const { http, user, password } = await signedInClient(ctx);
  const avatar = multipartFile('avatar', 'me.png', await pngOf(200, 200), 'image/png');
  const uploaded = await http.post('/api/user/avatar/upload', avatar.payload, { headers: avatar.headers });
  expect(uploaded.statusCode).toBe(200);
  expect((await http.post('/api/user/address', validAddress())).statusCode).toBe(201);
  const field = await createField(ctx, user);
  const order = await createOrder(ctx, user, {
    billingAddress: { city: 'Nemea', line_1: '12 Vineyard Road' },
  });
  const paid = await createReport(ctx, user, field, { orderId: order.id, status: 'complete' });
  const cart = await createReport(ctx, user, field, { status: 'pending' });
  await storageOf(ctx).put(
    reportKey(paid.uuid, PDF_FILE),
    Buffer.from('%PDF-1.4\n%%EOF\n'),
    'application/pdf',
  );
  await ctx.database.db
    .insert(notifications)
    .values({ userId: user.id, type: 'new_report', details: { report: { uuid: paid.uuid } } });
  return { http, user, password, field, order, paid, cart, avatarUrl: uploaded.json().avatar.md as string };
}

/** Deletes the account through the API, then moves its deletion `days` into the past. */
async function deletedDaysAgo(days: number) {
  const customer = await customerWithData();
  const deleted = await customer.http.put('/api/user/delete/account', { email: customer.user.email });
  expect(deleted.statusCode).toBe(200);
  await ctx.database.db
    .update(users)
    .set({ deletedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(users.id, customer.user.id));
  return customer;
}

async function state(customer: Awaited<ReturnType<typeof customerWithData>>) {
  const db = ctx.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, customer.user.id));
  const id = customer.user.id;
  return {
    user,
    addresses: (await db.select().from(addresses).where(eq(addresses.userId, id))).length,
    fields: (await db.select().from(fields).where(eq(fields.ownerId, id))).length,
    notifications: (await db.select().from(notifications).where(eq(notifications.userId, id))).length,
    reports: await db.select().from(reports).where(eq(reports.ownerId, customer.user.id)),
    orders: await db.select().from(orders).where(eq(orders.userId, customer.user.id)),
    pdf: await storageOf(ctx).stat(reportKey(customer.paid.uuid, PDF_FILE)),
    avatar: (await ctx.app.inject({ url: customer.avatarUrl })).statusCode,
  };
}

describe('account deletion', () => {
  it('closes the account at once: no sign-in, and its e-mail address can sign up again', async () => {
    const customer = await deletedDaysAgo(0);
    const login = await client(ctx.app).post('/api/user/login', {
      email: customer.user.email,
      password: customer.password,
    });
    expect(login.statusCode).toBe(401);
    const again = await createUser(ctx, { email: customer.user.email });
    expect(again.user.id).not.toBe(customer.user.id);
    // Until the purge the closed account's data is still there.
    expect((await state(customer)).fields).toBe(1);
  });
});

describe('purge of deleted accounts', () => {
  it('purges an account deleted 61 days ago, keeps one deleted 59 days ago, and a second run changes nothing', async () => {
    const old = await deletedDaysAgo(61);
    const recent = await deletedDaysAgo(59);
    const live = await customerWithData();

    expect(await purgeService().purgeDeleted()).toBe(1);

    const purged = await state(old);
    expect(purged.user).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      mobile: null,
      avatarMd: null,
    });
    expect(purged.user?.email).not.toBe(old.user.email);
    expect(purged.user?.purgedAt).toBeInstanceOf(Date);
    expect(purged).toMatchObject({ addresses: 0, fields: 0, notifications: 0, pdf: null, avatar: 404 });
    // The invoice stays: the order with its billing details, and its report as a line without results.
    expect(purged.orders).toHaveLength(1);
    expect(purged.orders[0]?.billingAddress).toMatchObject({ city: 'Nemea' });
    expect(purged.reports.map((r) => r.uuid)).toEqual([old.paid.uuid]);
    expect(purged.reports[0]).toMatchObject({ fieldId: null, outputData: null, fieldTitle: old.field.title });
    const login = await client(ctx.app).post('/api/user/login', {
      email: old.user.email,
      password: old.password,
    });
    expect(login.statusCode).toBe(401);

    for (const kept of [recent, live]) {
      const now = await state(kept);
      expect(now.user?.purgedAt).toBeNull();
      expect(now.user?.email).toBe(kept.user.email);
      expect(now).toMatchObject({ addresses: 1, fields: 1, notifications: 1 });
      expect(now.pdf).not.toBeNull();
      expect(now.reports).toHaveLength(2);
    }

    // The picture goes when the account is closed (as before); the live customer's stays.
    expect((await state(live)).avatar).toBe(200);

    // Idempotent: the job may run again (a retry, a second worker) without touching anything.
    const before = await state(old);
    expect(await purgeService().purgeDeleted()).toBe(0);
    expect(await state(old)).toEqual(before);
    expect((await state(recent)).user?.purgedAt).toBeNull();
  });
});

describe('6-year retention', () => {
  async function lastActive(customer: { user: { id: number } }, daysAgo: number) {
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    await ctx.database.db
      .update(users)
      .set({ lastActiveAt: at, createdAt: new Date(at.getTime() - 365 * DAY_MS) })
      .where(eq(users.id, customer.user.id));
    await ctx.database.db.update(reports).set({ updatedAt: at }).where(eq(reports.ownerId, customer.user.id));
    await ctx.database.db.update(orders).set({ createdAt: at }).where(eq(orders.userId, customer.user.id));
  }
  const years = (n: number) => Math.round(n * 365.25);

  it('purges accounts unused for more than 6 years and keeps the others, idempotently', async () => {
    const unused = await customerWithData();
    const almost = await customerWithData();
    const recentOrder = await customerWithData();
    await lastActive(unused, years(6) + 2);
    await lastActive(almost, years(6) - 2);
    await lastActive(recentOrder, years(6) + 2);
    // Signed in long ago, but ordered a year ago: still a customer.
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 365 * DAY_MS) })
      .where(eq(orders.userId, recentOrder.user.id));

    expect(await purgeService().purgeInactive()).toBe(1);
    const purged = await state(unused);
    expect(purged.user?.purgedAt).toBeInstanceOf(Date);
    expect(purged.user?.deletedAt).toBeInstanceOf(Date);
    expect(purged).toMatchObject({ addresses: 0, fields: 0, pdf: null });
    expect(purged.orders).toHaveLength(1);
    for (const kept of [almost, recentOrder]) {
      const now = await state(kept);
      expect(now.user?.purgedAt).toBeNull();
      expect(now).toMatchObject({ addresses: 1, fields: 1 });
    }

    expect(await purgeService().purgeInactive()).toBe(0);
    expect((await state(almost)).user?.purgedAt).toBeNull();
  });

  it('counts a sign-in as activity', async () => {
    const customer = await customerWithData();
    await lastActive(customer, years(7));
    const login = await client(ctx.app).post('/api/user/login', {
      email: customer.user.email,
      password: customer.password,
    });
    expect(login.statusCode).toBe(200);
    expect(await purgeService().purgeInactive()).toBe(0);
    expect((await state(customer)).user?.purgedAt).toBeNull();
  });
});

describe('schedules', () => {
  it('runs the purge and the retention every day through the job queue', async () => {
    const rows = await ctx.database.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      name: string;
      cron: string;
    }[];
    expect(list).toEqual(
      expect.arrayContaining([
        { name: 'privacy.purge', cron: ctx.config.privacy.scheduleCron },
        { name: 'privacy.retention', cron: ctx.config.privacy.scheduleCron },
      ]),
    );
  });
});
