import { EventEmitter } from 'node:events';
import type { RealtimeMessage } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createField, createReport, signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createConnectionRegistry } from './connections.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** The messages a socket receives, awaited one at a time in order. */
function inbox(socket: WebSocket) {
  const queue: RealtimeMessage[] = [];
  const waiting: ((message: RealtimeMessage) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as RealtimeMessage;
    const next = waiting.shift();
    if (next) next(message);
    else queue.push(message);
  });
  return {
    next: () =>
      new Promise<RealtimeMessage>((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiting.push(resolve);
      }),
  };
}

const origin = 'http://localhost:3000';

describe('live notifications over /api/realtime', () => {
  it('pushes the unread count to the recipient as notifications arrive and are read', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const staff = await signedInClient(ctx, { role: 'admin' });
    const field = await createField(ctx, customer.user);
    const report = await createReport(ctx, customer.user, field, { service: 'manual' });
    let messages: ReturnType<typeof inbox> | undefined;
    const socket = await ctx.app.injectWS(
      '/api/realtime',
      { headers: { cookie: customer.http.cookie ?? '', origin } },
      // Listen before the handshake completes so the first message cannot slip past.
      { onInit: (ws) => (messages = inbox(ws)) },
    );
    if (!messages) throw new Error('no inbox');
    // A new socket is told the current count (a reconnect resynchronises).
    expect(await messages.next()).toEqual({ type: 'notification', unread: 0 });

    const moved = await staff.http.post('/api/reports/update/status', {
      reportUuid: report.uuid,
      newStatus: 'processing_data',
    });
    expect(moved.statusCode).toBe(200);
    expect(await messages.next()).toEqual({ type: 'notification', unread: 1 });

    await customer.http.put('/api/notifications/read', {});
    expect(await messages.next()).toEqual({ type: 'notification', unread: 0 });
    socket.terminate();
  });

  it('refuses sockets without a session or from another origin', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    await expect(ctx.app.injectWS('/api/realtime', { headers: { origin } })).rejects.toThrow('401');
    await expect(
      ctx.app.injectWS('/api/realtime', {
        headers: { cookie: customer.http.cookie ?? '', origin: 'https://evil.example' },
      }),
    ).rejects.toThrow('403');
    await expect(
      ctx.app.injectWS('/api/realtime', { headers: { cookie: customer.http.cookie ?? '' } }),
    ).rejects.toThrow('403');
  });
});

/** Just enough of a ws socket for the registry. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  ping() {}
  terminate() {
    this.close(1006);
  }
}

describe('backpressure', () => {
  it('closes a socket that cannot keep up instead of buffering for it', () => {
    const logger = { info() {}, warn() {}, error() {}, debug() {} };
    const registry = createConnectionRegistry(logger, {
      maxBufferedBytes: 1024,
      maxSocketsPerUser: 2,
      heartbeatMs: 60_000,
    });
    const fast = new FakeSocket();
    const slow = new FakeSocket();
    registry.add(
      { userId: 7, sessionId: 1, deadline: Number.POSITIVE_INFINITY },
      fast as unknown as WebSocket,
    );
    registry.add(
      { userId: 7, sessionId: 1, deadline: Number.POSITIVE_INFINITY },
      slow as unknown as WebSocket,
    );
    slow.bufferedAmount = 4096;
    registry.send(7, { type: 'notification', unread: 3 });
    expect(fast.sent).toEqual([JSON.stringify({ type: 'notification', unread: 3 })]);
    expect(slow.sent).toEqual([]);
    expect(slow.closedWith).toBe(1013);
    expect(registry.count(7)).toBe(1);

    // Beyond the per-user limit the oldest socket is closed.
    registry.add(
      { userId: 7, sessionId: 1, deadline: Number.POSITIVE_INFINITY },
      new FakeSocket() as unknown as WebSocket,
    );
    registry.add(
      { userId: 7, sessionId: 1, deadline: Number.POSITIVE_INFINITY },
      new FakeSocket() as unknown as WebSocket,
    );
    expect(fast.closedWith).toBe(1008);
    expect(registry.count(7)).toBe(2);
    registry.closeAll();
  });
});
