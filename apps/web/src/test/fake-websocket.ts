import { vi } from 'vitest';

/** A stand-in for the browser WebSocket: tests open, feed and drop each socket the code creates. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;
  /** 0 connecting, 1 open, 3 closed. */
  readyState = 0;
  /** What the code sent, parsed. */
  sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  close() {
    this.closed = true;
    this.readyState = 3;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  /** The server accepted the handshake. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server pushed a message (sent as JSON text). */
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The connection was lost (or the handshake refused). */
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

/** Replaces `WebSocket` for this test (undone by the setup's `vi.unstubAllGlobals`). */
export function installFakeWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
