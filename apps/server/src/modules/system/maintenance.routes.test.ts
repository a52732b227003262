import { MAINTENANCE_MESSAGES } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('maintenance mode', () => {
  it('an administrator switches it: customers and crews wait with a clear answer, staff keep working', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const pilot = await signedInClient(ctx, { role: 'drone_operator' });
    const operations = await signedInClient(ctx, { role: 'operation_admin' });

    expect((await customer.http.put('/api/system/maintenance', { on: true })).statusCode).toBe(403);
    const on = await admin.http.put('/api/system/maintenance', { on: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      data: { on: true, source: 'admin' },
      msg: MAINTENANCE_MESSAGES.switchedOn,
    });

    const waiting = await customer.http.get('/api/fields');
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json()).toEqual({
      errors: [{ msg: MAINTENANCE_MESSAGES.underMaintenance, key: 'errors:maintenance.underMaintenance' }],
      maintenance: true,
    });
    expect((await pilot.http.get('/api/shoots')).statusCode).toBe(503);
    // Who am I, the public settings and signing in still answer: the app can show its page.
    expect((await customer.http.get('/api/user')).statusCode).toBe(200);
    const publicConfig = await client(ctx.app).get('/api/config/public');
    expect(publicConfig.json().maintenance).toMatchObject({ on: true, source: 'admin' });
    expect(
      (
        await client(ctx.app).post('/api/user/login', {
          email: operations.user.email,
          password: operations.password,
        })
      ).statusCode,
    ).toBe(200);
    // Staff work as usual.
    expect((await operations.http.get('/api/orders')).statusCode).toBe(200);
    expect((await admin.http.get('/api/fields')).statusCode).toBe(200);
    // The switch is in the audit log.
    const audit = (await admin.http.get('/api/audit')).json();
    expect(JSON.stringify(audit)).toContain('maintenance.on');

    const off = await admin.http.put('/api/system/maintenance', { on: false });
    expect(off.json().data).toMatchObject({ on: false });
    expect((await customer.http.get('/api/fields')).statusCode).toBe(200);
  });
});

describe('maintenance from the configuration', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({ env: { MAINTENANCE_MODE: 'true' } });
  });
  afterAll(async () => {
    await configured?.close();
  });

  it('is on for customers and can only be ended in the configuration', async () => {
    const customer = await signedInClient(configured, { role: 'b2c_admin' });
    expect((await customer.http.get('/api/fields')).statusCode).toBe(503);
    const admin = await signedInClient(configured, { role: 'admin' });
    expect((await admin.http.put('/api/system/maintenance', { on: false })).statusCode).toBe(409);
    expect((await client(configured.app).get('/api/config/public')).json().maintenance).toMatchObject({
      on: true,
      source: 'config',
    });
  });
});
