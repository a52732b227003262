import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { CLOSE_SESSION_ENDED, CLOSE_USER_CHANGED } from '../../platform/realtime/connections.ts';
import { signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSessionCache } from './session-cache.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const origin = 'http://localhost:3000';

/** Opens a realtime socket with a client's cookie; `closed` resolves with the close code. */
async function openSocket(cookie: string | undefined) {
  let closed!: Promise<number>;
  const socket: WebSocket = await ctx.app.injectWS(
    '/api/realtime',
    { headers: { cookie: cookie ?? '', origin } },
    {
      onInit: (ws) => {
        closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
      },
    },
  );
  return { socket, closed };
}

function stillOpen(socket: WebSocket) {
  return socket.readyState === socket.OPEN;
}

describe('session revocation', () => {
  it('closes the socket of a session at sign-out, and only that session', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const otherTab = client(ctx.app);
    expect(
      (await otherTab.post('/api/user/login', { email: customer.user.email, password: customer.password }))
        .statusCode,
    ).toBe(200);
    const signingOut = await openSocket(customer.http.cookie);
    const staying = await openSocket(otherTab.cookie);
    // Warm the session cache: the next answer must not come from it.
    expect((await customer.http.get('/api/user')).statusCode).toBe(200);
    const cookie = customer.http.cookie;

    expect((await customer.http.get('/api/user/logout')).statusCode).toBe(200);
    expect(await signingOut.closed).toBe(CLOSE_SESSION_ENDED);
    expect(stillOpen(staying.socket)).toBe(true);
    const replay = await ctx.app.inject({ url: '/api/user', headers: { cookie: cookie ?? '' } });
    expect(replay.statusCode).toBe(401);
    expect((await otherTab.get('/api/user')).statusCode).toBe(200);
    staying.socket.terminate();
  });

  it('a password change closes the other sessions and their sockets at once; the caller stays', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const elsewhere = client(ctx.app);
    await elsewhere.post('/api/user/login', { email: customer.user.email, password: customer.password });
    expect((await elsewhere.get('/api/user')).statusCode).toBe(200);
    const own = await openSocket(customer.http.cookie);
    const other = await openSocket(elsewhere.cookie);

    const changed = await customer.http.put('/api/user/update/password', {
      oldPassword: customer.password,
      newPassword: 'An0ther-Secret-Phrase!',
    });
    expect(changed.statusCode).toBe(200);
    expect(await other.closed).toBe(CLOSE_SESSION_ENDED);
    expect(stillOpen(own.socket)).toBe(true);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect((await customer.http.get('/api/user')).statusCode).toBe(200);
    own.socket.terminate();
  });

  it('account deletion closes every socket of the user', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const socket = await openSocket(customer.http.cookie);
    const cookie = customer.http.cookie;
    expect((await customer.http.get('/api/user')).statusCode).toBe(200);
    const deleted = await customer.http.put('/api/user/delete/account', { email: customer.user.email });
    expect(deleted.statusCode).toBe(200);
    expect(await socket.closed).toBe(CLOSE_SESSION_ENDED);
    const replay = await ctx.app.inject({ url: '/api/user', headers: { cookie: cookie ?? '' } });
    expect(replay.statusCode).toBe(401);
  });

  it('a role change by an administrator is seen at once and reconnects the sockets', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    expect((await customer.http.get('/api/user')).json().role).toBe('b2c_admin');
    const socket = await openSocket(customer.http.cookie);

    const updated = await admin.http.put('/api/user/update', {
      uuid: customer.user.uuid,
      firstName: customer.user.firstName,
      lastName: customer.user.lastName,
      role: 'b2c_user',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await socket.closed).toBe(CLOSE_USER_CHANGED);
    expect((await customer.http.get('/api/user')).json().role).toBe('b2c_user');
  });

  it('a profile edit shows in the next answer (the cache never serves the old row)', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    expect((await customer.http.get('/api/user')).statusCode).toBe(200);
    const saved = await customer.http.put('/api/user/update', {
      firstName: 'Renamed',
      lastName: customer.user.lastName,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await customer.http.get('/api/user')).json().firstName).toBe('Renamed');
  });
});

describe('session cache', () => {
  const entry = (userId: number, sessionId: number) =>
    ({
      found: { sessionId, user: { id: userId } },
      view: {},
    }) as unknown as Parameters<ReturnType<typeof createSessionCache>['set']>[1];

  it('expires entries, stays bounded and drops what an event concerns', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 2, now: () => now });
    cache.set('a', entry(1, 10), cache.epoch());
    cache.set('b', entry(1, 11), cache.epoch());
    cache.set('c', entry(2, 20), cache.epoch());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.apply({ kind: 'ended', userId: 1, exceptSessionId: 11 });
    expect(cache.get('b')).toBeDefined();
    cache.apply({ kind: 'changed', userId: 1, access: false });
    expect(cache.get('b')).toBeUndefined();
    now = 5_001;
    expect(cache.get('c')).toBeUndefined();
  });

  it('does not store a lookup that was in flight when an event arrived', () => {
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 10 });
    const before = cache.epoch();
    cache.apply({ kind: 'ended', userId: 1 });
    cache.set('a', entry(1, 10), before);
    expect(cache.get('a')).toBeUndefined();
  });
});
