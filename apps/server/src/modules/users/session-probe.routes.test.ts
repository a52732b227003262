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

describe("the web app's session probe", () => {
  it('answers a signed-out probe with 200 null, and keeps 401 without the probe header', async () => {
    const anonymous = client(ctx.app);
    const probe = await anonymous.get('/api/user', { headers: { 'x-session-probe': '1' } });
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toBeNull();
    expect((await anonymous.get('/api/user')).statusCode).toBe(401);
  });

  it('answers a signed-in probe with the user', async () => {
    const { http, user } = await signedInClient(ctx);
    const probe = await http.get('/api/user', { headers: { 'x-session-probe': '1' } });
    expect(probe.statusCode).toBe(200);
    expect(probe.json().email).toBe(user.email);
  });
});
