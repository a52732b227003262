import type { RealtimeMessage } from '@ampelos/domain';

type RealtimeNotification = Extract<RealtimeMessage, { type: 'notification' }>;

/** Reconnect delays: doubling from 1 s up to 30 s, each with up to 20 % jitter so tabs do not align. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(base * (1 + 0.2 * random()));
}

/** `/api/realtime` on this page's host: wss on https pages, ws otherwise (the dev server proxies it). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/realtime`;
}

function parseMessage(data: unknown): RealtimeNotification | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as { type?: unknown; unread?: unknown } | null;
    if (message?.type === 'notification' && typeof message.unread === 'number') {
      return { type: 'notification', unread: message.unread };
    }
  } catch {
    // not ours: ignored
  }
  return null;
}

/** WebSocket.OPEN (the constant is not on every implementation). */
const OPEN = 1;

export interface RealtimeSocket {
  /** Sends JSON now if the socket is open; false when it is not (the caller retries or tells the user). */
  send(message: unknown): boolean;
  stop(): void;
}

/**
 * Keeps a realtime socket open: after a close or a failed handshake it reconnects with backoff, at once
 * when the browser comes back online. `onOpen` runs on every (re)connection (join channels there);
 * `onData` gets each text frame; `onState` follows whether the socket is open.
 */
export function keepRealtimeSocket(handlers: {
  onData: (data: unknown) => void;
  onOpen?: (socket: RealtimeSocket) => void;
  onState?: (open: boolean) => void;
}): RealtimeSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const handle: RealtimeSocket = {
    send(message) {
      if (!socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', reconnectNow);
      socket?.close(1000, 'Signed out');
      socket = null;
    },
  };

  const open = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const current = new WebSocket(realtimeUrl());
    socket = current;
    current.onopen = () => {
      attempt = 0;
      handlers.onState?.(true);
      handlers.onOpen?.(handle);
    };
    current.onmessage = (event) => handlers.onData(event.data);
    current.onclose = () => {
      if (stopped || socket !== current) return;
      socket = null;
      handlers.onState?.(false);
      timer = setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  function reconnectNow() {
    if (socket === null) open();
  }

  window.addEventListener('online', reconnectNow);
  open();
  return handle;
}

/**
 * Opens the signed-in user's realtime socket for the notification counter and keeps it open. The server
 * greets each new socket with the current state, so a reconnect catches up by itself. Returns the
 * function that stops it.
 */
export function connectRealtime(onMessage: (message: RealtimeNotification) => void): () => void {
  const socket = keepRealtimeSocket({
    onData: (data) => {
      const message = parseMessage(data);
      if (message) onMessage(message);
    },
  });
  return () => socket.stop();
}
