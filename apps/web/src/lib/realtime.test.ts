// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeWebSocket } from '../test/fake-websocket.ts';
import { connectRealtime, RECONNECT_MAX_MS, realtimeUrl, reconnectDelay } from './realtime.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('realtimeUrl', () => {
  it('uses wss on https pages and ws otherwise, on the same host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'ampelos.example' })).toBe(
      'wss://ampelos.example/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/realtime',
    );
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second up to the cap, with at most 20 % jitter', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });
});

describe('connectRealtime', () => {
  it('passes notification messages on and ignores anything else', () => {
    const Sockets = installFakeWebSocket();
    const received: unknown[] = [];
    const stop = connectRealtime((message) => received.push(message));
    const socket = Sockets.latest();
    socket.open();
    socket.receive({ type: 'notification', unread: 2 });
    socket.receive({ type: 'chat', text: 'hi' });
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(received).toEqual([{ type: 'notification', unread: 2 }]);
    stop();
  });

  it('reconnects with growing delays, starts over after a successful open, and stops for good', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const Sockets = installFakeWebSocket();
    const stop = connectRealtime(() => {});
    Sockets.latest().drop();
    vi.advanceTimersByTime(999);
    expect(Sockets.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(Sockets.instances).toHaveLength(2);

    Sockets.latest().drop(); // the handshake failed again: wait longer
    vi.advanceTimersByTime(1999);
    expect(Sockets.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(Sockets.instances).toHaveLength(3);

    Sockets.latest().open();
    Sockets.latest().drop(); // after a good connection the wait starts from one second again
    vi.advanceTimersByTime(1000);
    expect(Sockets.instances).toHaveLength(4);

    const last = Sockets.latest();
    stop();
    expect(last.closed).toBe(true);
    last.drop();
    vi.advanceTimersByTime(60_000);
    expect(Sockets.instances).toHaveLength(4);
  });

  it('reconnects at once when the browser comes back online', () => {
    vi.useFakeTimers();
    const Sockets = installFakeWebSocket();
    const stop = connectRealtime(() => {});
    Sockets.latest().drop();
    window.dispatchEvent(new Event('online'));
    expect(Sockets.instances).toHaveLength(2);
    stop();
  });
});
