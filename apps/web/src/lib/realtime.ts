import type { RealtimeMessage } from '@ampelos/domain';

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

function parseMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as Partial<RealtimeMessage> | null;
    if (message?.type === 'notification' && typeof message.unread === 'number') {
      return { type: 'notification', unread: message.unread };
    }
  } catch {
    // not ours: ignored
  }
  return null;
}

/**
 * Opens the signed-in user's realtime socket and keeps it open: after a close or a failed handshake it
 * reconnects with backoff, at once when the browser comes back online. The server greets each new
 * socket with the current state, so a reconnect catches up by itself. Returns the function that stops it.
 */
export function connectRealtime(onMessage: (message: RealtimeMessage) => void): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const current = new WebSocket(realtimeUrl());
    socket = current;
    current.onopen = () => {
      attempt = 0;
    };
    current.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message) onMessage(message);
    };
    current.onclose = () => {
      if (stopped || socket !== current) return;
      socket = null;
      timer = setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  const reconnectNow = () => {
    if (socket === null) open();
  };

  window.addEventListener('online', reconnectNow);
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', reconnectNow);
    socket?.close(1000, 'Signed out');
    socket = null;
  };
}
