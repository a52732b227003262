import type { RealtimeMessage } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { createLogTail } from '../../platform/log-tail.ts';
import { createInProcessBus, type RealtimeEnvelope } from '../../platform/realtime/bus.ts';
import { signedInClient } from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createServerLogChannel } from './server-log.ts';
import { CHAT_BURST, initialsOf } from './staff-chat.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const origin = 'http://localhost:3000';

/** A socket of a signed-in client with its messages awaited in order (the notification greeting skipped). */
async function openSocket(http: Client) {
  const queue: RealtimeMessage[] = [];
  const waiting: ((message: RealtimeMessage) => void)[] = [];
  let closed: number | undefined;
  const socket: WebSocket = await ctx.app.injectWS(
    '/api/realtime',
    { headers: { cookie: http.cookie ?? '', origin } },
    {
      onInit: (ws) => {
        ws.on('message', (data) => {
          const message = JSON.parse(String(data)) as RealtimeMessage;
          if (message.type === 'notification') return;
          const next = waiting.shift();
          if (next) next(message);
          else queue.push(message);
        });
        ws.on('close', (code) => {
          closed = code;
        });
      },
    },
  );
  return {
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next: () =>
      new Promise<RealtimeMessage>((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiting.push(resolve);
      }),
    closedWith: () => closed,
    whenClosed: () =>
      new Promise<number>((resolve) => {
        if (closed !== undefined) resolve(closed);
        else socket.on('close', (code) => resolve(code));
      }),
    terminate: () => socket.terminate(),
  };
}

describe('staff chat over /api/realtime', () => {
  it('delivers a message with the author initials to every admin in the chat, live', async () => {
    const maria = await signedInClient(ctx, { role: 'admin', firstName: 'Maria', lastName: 'Georgiou' });
    const nikos = await signedInClient(ctx, { role: 'admin', firstName: 'Νίκος', lastName: 'Ευαγγέλου' });
    const mine = await openSocket(maria.http);
    const theirs = await openSocket(nikos.http);
    mine.send({ type: 'join', channel: 'chat' });
    expect(await mine.next()).toEqual({ type: 'channel', channel: 'chat', joined: true });
    expect(await mine.next()).toEqual({ type: 'chat', messages: [] });
    theirs.send({ type: 'join', channel: 'chat' });
    await theirs.next();
    await theirs.next();

    mine.send({ type: 'send', channel: 'chat', text: '  Shoot at Nemea moved to Friday  ' });
    const received = await theirs.next();
    expect(received).toMatchObject({
      type: 'chat',
      messages: [
        {
          authorUuid: maria.user.uuid,
          initials: 'MG',
          name: 'Maria Georgiou',
          text: 'Shoot at Nemea moved to Friday',
        },
      ],
    });
    expect(await mine.next()).toEqual(received);

    // A newcomer gets the recent messages.
    const late = await openSocket(nikos.http);
    late.send({ type: 'join', channel: 'chat' });
    await late.next();
    expect(await late.next()).toEqual({
      type: 'chat',
      messages: (received as { messages: unknown[] }).messages,
    });
    for (const socket of [mine, theirs, late]) socket.terminate();
    expect(initialsOf('Νίκος', 'Ευαγγέλου')).toBe('ΝΕ');
  });

  it('keeps other roles out, and refuses empty, too long and too many messages', async () => {
    for (const role of ['operation_admin', 'financial_admin', 'b2b_admin', 'drone_admin'] as const) {
      const { http } = await signedInClient(ctx, { role });
      const socket = await openSocket(http);
      socket.send({ type: 'join', channel: 'chat' });
      expect(await socket.next(), role).toEqual({
        type: 'channel',
        channel: 'chat',
        joined: false,
        msg: 'You do not have permission to do this',
      });
      socket.send({ type: 'send', channel: 'chat', text: 'hello' });
      expect((await socket.next()).type).toBe('channel');
      socket.send({ type: 'join', channel: 'logs' });
      expect(await socket.next()).toMatchObject({ channel: 'logs', joined: false });
      socket.terminate();
    }

    const admin = await signedInClient(ctx, { role: 'admin' });
    const socket = await openSocket(admin.http);
    socket.send({ type: 'join', channel: 'chat' });
    await socket.next();
    await socket.next();
    socket.send({ type: 'send', channel: 'chat', text: '   ' });
    expect(await socket.next()).toEqual({ type: 'error', msg: 'Please write a message' });
    socket.send({ type: 'send', channel: 'chat', text: 'x'.repeat(501) });
    expect(await socket.next()).toEqual({
      type: 'error',
      msg: 'A chat message can be at most 500 characters',
    });
    socket.send({ type: 'shout', text: 'hi' });
    expect(await socket.next()).toEqual({ type: 'error', msg: 'This message was not understood' });
    for (let i = 0; i < CHAT_BURST; i++) {
      socket.send({ type: 'send', channel: 'chat', text: `message ${i}` });
      expect((await socket.next()).type).toBe('chat');
    }
    socket.send({ type: 'send', channel: 'chat', text: 'one too many' });
    expect(await socket.next()).toEqual({
      type: 'error',
      msg: 'You are sending messages too fast; please wait a moment',
    });
    socket.terminate();
  });

  it('closes the socket of a signed-out admin at once, and of a demoted one, who may not join again', async () => {
    const leaving = await signedInClient(ctx, { role: 'admin' });
    const socket = await openSocket(leaving.http);
    socket.send({ type: 'join', channel: 'chat' });
    await socket.next();
    await socket.next();
    expect((await leaving.http.get('/api/user/logout')).statusCode).toBe(200);
    // Session ended: closed by the revocation event, before the client sends anything.
    expect(await socket.whenClosed()).toBe(4001);

    const boss = await signedInClient(ctx, { role: 'admin' });
    const demoted = await signedInClient(ctx, { role: 'admin' });
    const demotedSocket = await openSocket(demoted.http);
    demotedSocket.send({ type: 'join', channel: 'chat' });
    await demotedSocket.next();
    await demotedSocket.next();
    const edit = await boss.http.put('/api/user/update', {
      uuid: demoted.user.uuid,
      firstName: demoted.user.firstName,
      lastName: demoted.user.lastName,
      role: 'operation_admin',
      updateOtherUser: true,
    });
    expect(edit.statusCode).toBe(200);
    // Rights changed: the socket closes and the client reconnects under the new role.
    expect(await demotedSocket.whenClosed()).toBe(4002);
    const reconnected = await openSocket(demoted.http);
    reconnected.send({ type: 'join', channel: 'chat' });
    expect(await reconnected.next()).toEqual({
      type: 'channel',
      channel: 'chat',
      joined: false,
      msg: 'You do not have permission to do this',
    });
    reconnected.terminate();
  });
});

describe('server log channel', () => {
  it('lets only admins join, greeting them with the recent lines', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const socket = await openSocket(admin.http);
    socket.send({ type: 'join', channel: 'logs' });
    expect(await socket.next()).toEqual({ type: 'channel', channel: 'logs', joined: true });
    expect(await socket.next()).toMatchObject({ type: 'log', dropped: 0 });
    socket.send({ type: 'send', channel: 'logs', text: 'hello' });
    expect(await socket.next()).toEqual({ type: 'error', msg: 'You do not have permission to do this' });
    socket.terminate();
  });

  it('publishes the redacted tail in batches on the bus', async () => {
    const bus = createInProcessBus();
    const published: RealtimeEnvelope[] = [];
    bus.subscribe((envelope) => published.push(envelope));
    const tail = createLogTail({ out: { write: () => true }, flushMs: 1 });
    const channel = createServerLogChannel({ tail, bus });
    tail.stream.write('{"msg":"reset","url":"/api/user/password_reset/abc123"}\n');
    await vi.waitFor(() => expect(published).toHaveLength(1));
    expect(published).toEqual([
      {
        channel: 'logs',
        message: {
          type: 'log',
          lines: ['{"msg":"reset","url":"/api/user/password_reset/[redacted]"}'],
          dropped: 0,
        },
      },
    ]);
    channel.stop();
    tail.close();
  });
});
