import { randomBytes } from 'node:crypto';
import type { RealtimeMessage } from '@ampelos/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createField, createReport, signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { RealtimeBus, RealtimeEnvelope } from './bus.ts';
import { CLOSE_SESSION_ENDED, CLOSE_USER_CHANGED } from './connections.ts';
import { createPostgresBus, splitUtf8 } from './postgres-bus.ts';

// LISTEN/NOTIFY needs PostgreSQL: this file runs in the PostgreSQL pass of the API tests.
const databaseUrl = process.env.TEST_DB === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** Envelopes a bus delivers, awaited one at a time. */
function received(bus: RealtimeBus) {
  const queue: RealtimeEnvelope[] = [];
  const waiting: ((envelope: RealtimeEnvelope) => void)[] = [];
  bus.subscribe((envelope) => {
    const next = waiting.shift();
    if (next) next(envelope);
    else queue.push(envelope);
  });
  return {
    next: () =>
      new Promise<RealtimeEnvelope>((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiting.push(resolve);
      }),
  };
}

describe('splitUtf8', () => {
  it('cuts at byte limits without splitting a character', () => {
    const text = `${'a'.repeat(5)}αβγ😀${'b'.repeat(3)}`;
    const pieces = splitUtf8(text, 6);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(6);
    // Each piece is valid text on its own: the 4-byte emoji was not cut in two.
    expect(pieces).toEqual(['aaaaa', 'αβγ', '😀bb', 'b']);
  });
});

describe.skipIf(!databaseUrl)('PostgreSQL realtime bus', () => {
  const buses: RealtimeBus[] = [];
  const pools: pg.Pool[] = [];
  const channel = `ampelos_test_${randomBytes(4).toString('hex')}`;

  async function bus() {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pools.push(pool);
    const created = await createPostgresBus({
      connectionString: databaseUrl as string,
      query: (text, values) => pool.query(text, values),
      logger: silent,
      channel,
    });
    buses.push(created);
    return created;
  }

  afterAll(async () => {
    for (const created of buses) await created.close();
    for (const pool of pools) await pool.end();
  });

  it('delivers what one process publishes to the subscribers of another, large envelopes included', async () => {
    const publisher = await bus();
    const other = received(await bus());
    const own = received(publisher);

    const small: RealtimeEnvelope = { userId: 7, message: { type: 'notification', unread: 2 } };
    await publisher.publish(small);
    expect(await other.next()).toEqual(small);
    // The publisher's own sockets hear it too (through PostgreSQL, like everyone).
    expect(await own.next()).toEqual(small);

    // A log batch far above NOTIFY's 8000-byte limit, with multi-byte characters at chunk edges.
    const lines = Array.from({ length: 300 }, (_, i) => `γραμμή ${i} ${'ü'.repeat(40)} 😀`);
    const large: RealtimeEnvelope = { channel: 'logs', message: { type: 'log', lines, dropped: 0 } };
    expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(30_000);
    await publisher.publish(large);
    expect(await other.next()).toEqual(large);
  });

  it('listens again after its connection is cut', async () => {
    const publisher = await bus();
    const listener = await bus();
    const inbox = received(listener);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // Every LISTEN connection of this test's channel is ended by the server, as in a failover.
    const cut = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN ' || $1",
      [`"${channel}"`],
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN ' || $1",
        [`"${channel}"`],
      );
      if (rows[0].n >= buses.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.end();

    // Events sent while it was cut are lost: its listeners are told to drop what they built on them.
    expect(await inbox.next()).toEqual({ session: { kind: 'resync' } });
    const envelope: RealtimeEnvelope = { channel: 'chat', message: { type: 'chat', messages: [] } };
    await publisher.publish(envelope);
    expect(await inbox.next()).toEqual(envelope);
  });
});

describe.skipIf(!databaseUrl)('realtime across app instances', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ sharing: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a notification written through one instance reaches a socket open on the other', async () => {
    const customer = await signedInClient(first, { role: 'b2c_admin' });
    const staff = await signedInClient(second, { role: 'admin' });
    const field = await createField(first, customer.user);
    const report = await createReport(first, customer.user, field, { service: 'manual' });

    const messages: RealtimeMessage[] = [];
    let wake: (() => void) | undefined;
    const socket = await first.app.injectWS(
      '/api/realtime',
      { headers: { cookie: customer.http.cookie ?? '', origin: 'http://localhost:3000' } },
      {
        onInit: (ws) =>
          ws.on('message', (data) => {
            messages.push(JSON.parse(String(data)) as RealtimeMessage);
            wake?.();
          }),
      },
    );
    const nextMessage = async () => {
      while (messages.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return messages.shift();
    };
    expect(await nextMessage()).toEqual({ type: 'notification', unread: 0 });

    // The staff member's request is served by the second instance only.
    const moved = await staff.http.post('/api/reports/update/status', {
      reportUuid: report.uuid,
      newStatus: 'processing_data',
    });
    expect(moved.statusCode).toBe(200);
    expect(await nextMessage()).toEqual({ type: 'notification', unread: 1 });
    socket.terminate();
  });

  it('a sign-out on one instance closes the socket and refuses the cached session on the other', async () => {
    const customer = await signedInClient(first, { role: 'b2c_admin' });
    const cookie = customer.http.cookie ?? '';
    const onSecond = () => second.app.inject({ url: '/api/user', headers: { cookie } });
    // The second instance has the session cached and a socket open under it.
    expect((await onSecond()).statusCode).toBe(200);
    let closed!: Promise<number>;
    await second.app.injectWS(
      '/api/realtime',
      { headers: { cookie, origin: 'http://localhost:3000' } },
      { onInit: (ws) => (closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)))) },
    );

    expect((await customer.http.get('/api/user/logout')).statusCode).toBe(200);
    // The event reached the second instance: its socket is closed and its cache forgot the session.
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    expect((await onSecond()).statusCode).toBe(401);
  });

  it('a password change, then the account deletion, on one instance refuse what the other has cached', async () => {
    const customer = await signedInClient(first, { role: 'b2c_admin' });
    /** A session served by the second instance only, cached there, with a socket open on it. */
    const onSecond = async (password: string) => {
      const http = client(second.app);
      expect((await http.post('/api/user/login', { email: customer.user.email, password })).statusCode).toBe(
        200,
      );
      expect((await http.get('/api/user')).statusCode).toBe(200);
      let closed!: Promise<number>;
      await second.app.injectWS(
        '/api/realtime',
        { headers: { cookie: http.cookie ?? '', origin: 'http://localhost:3000' } },
        { onInit: (ws) => (closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)))) },
      );
      return { http, closed: () => closed };
    };

    const before = await onSecond(customer.password);
    const newPassword = 'An0ther-Secret-Phrase!';
    const changed = await customer.http.put('/api/user/update/password', {
      oldPassword: customer.password,
      newPassword,
    });
    expect(changed.statusCode).toBe(200);
    expect(await before.closed()).toBe(CLOSE_SESSION_ENDED);
    expect((await before.http.get('/api/user')).statusCode).toBe(401);

    const after = await onSecond(newPassword);
    const deleted = await customer.http.put('/api/user/delete/account', { email: customer.user.email });
    expect(deleted.statusCode).toBe(200);
    expect(await after.closed()).toBe(CLOSE_SESSION_ENDED);
    expect((await after.http.get('/api/user')).statusCode).toBe(401);
  });

  it('a role change on one instance is what the other answers next', async () => {
    const admin = await signedInClient(first, { role: 'admin' });
    const customer = await signedInClient(second, { role: 'b2c_admin' });
    expect((await customer.http.get('/api/user')).json().role).toBe('b2c_admin');
    let closed!: Promise<number>;
    await second.app.injectWS(
      '/api/realtime',
      { headers: { cookie: customer.http.cookie ?? '', origin: 'http://localhost:3000' } },
      { onInit: (ws) => (closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)))) },
    );
    const updated = await admin.http.put('/api/user/update', {
      uuid: customer.user.uuid,
      firstName: customer.user.firstName,
      lastName: customer.user.lastName,
      role: 'b2c_user',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await closed).toBe(CLOSE_USER_CHANGED);
    expect((await customer.http.get('/api/user')).json().role).toBe('b2c_user');
  });
});
