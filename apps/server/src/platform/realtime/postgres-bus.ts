import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import type { RealtimeBus, RealtimeEnvelope } from './bus.ts';

/** NOTIFY refuses payloads of 8000 bytes or more; a chunk with its header stays below. */
const CHUNK_BYTES = 7000;
/** An envelope larger than this is not sent at all (a log batch is at most ~24 KB). */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;
/** Chunks of a message whose other chunks never came are dropped after this. */
const REASSEMBLY_MS = 30_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export interface PostgresBusOptions {
  connectionString: string;
  /** Runs one statement on the shared pool (publishing needs no dedicated connection). */
  query: (text: string, values: unknown[]) => Promise<unknown>;
  logger: Logger;
  /** The NOTIFY channel; every process of one deployment uses the same. */
  channel?: string;
}

/** Splits a string into pieces of at most `maxBytes` UTF-8 bytes, never inside a character. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > maxBytes) {
      pieces.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  pieces.push(current);
  return pieces;
}

/**
 * The realtime bus across processes: PostgreSQL LISTEN/NOTIFY on the application's database. Every
 * process (API or worker) publishes with `pg_notify` and listens on one dedicated connection, which
 * reconnects with backoff when it drops (events sent while it is down are missed: sockets resynchronise
 * on their next greeting, and notifications are in the database anyway).
 *
 * A payload is `id:index:count:json-piece`. Envelopes above NOTIFY's 8000-byte limit (a batch of log
 * lines) go as several chunks from one statement, hence one transaction, and are put back together by
 * id; the process that publishes receives its own envelope through PostgreSQL like everyone else.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<RealtimeBus> {
  const channel = options.channel ?? 'ampelos_realtime';
  const listeners = new Set<(envelope: RealtimeEnvelope) => void>();
  const partial = new Map<string, { pieces: (string | undefined)[]; received: number; at: number }>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function deliver(json: string) {
    let envelope: RealtimeEnvelope;
    try {
      envelope = JSON.parse(json) as RealtimeEnvelope;
    } catch {
      options.logger.warn('realtime: an unreadable envelope was ignored');
      return;
    }
    for (const listener of listeners) {
      try {
        // A copy per listener, as the in-process bus does.
        listener(listeners.size === 1 ? envelope : (JSON.parse(json) as RealtimeEnvelope));
      } catch (err) {
        options.logger.error({ err }, 'realtime listener failed');
      }
    }
  }

  function receive(payload: string) {
    const match = /^([0-9a-f]+):(\d+):(\d+):/.exec(payload);
    if (!match) return;
    const [header, id, indexText, countText] = match as unknown as [string, string, string, string];
    const index = Number(indexText);
    const count = Number(countText);
    const piece = payload.slice(header.length);
    if (count === 1) {
      deliver(piece);
      return;
    }
    const now = Date.now();
    for (const [key, entry] of partial) if (now - entry.at > REASSEMBLY_MS) partial.delete(key);
    const entry = partial.get(id) ?? { pieces: new Array<string | undefined>(count), received: 0, at: now };
    partial.set(id, entry);
    if (index >= count || entry.pieces[index] !== undefined) return;
    entry.pieces[index] = piece;
    entry.received += 1;
    if (entry.received === count) {
      partial.delete(id);
      deliver(entry.pieces.join(''));
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => scheduleReconnect());
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  let connectedBefore = false;
  async function connect() {
    const next = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    let failed = false;
    const onLost = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (!closed) {
        options.logger.warn({ err: error }, 'realtime: the LISTEN connection was lost; reconnecting');
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) receive(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      failed = true;
      next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
    // Whatever was published while the connection was down is lost: caches built on events start over.
    if (connectedBefore) deliver(JSON.stringify({ session: { kind: 'resync' } } satisfies RealtimeEnvelope));
    connectedBefore = true;
  }

  // The first connection must work: a wrong DATABASE_URL is a start-up error, not a silent retry loop.
  await connect();

  return {
    async publish(envelope) {
      const json = JSON.stringify(envelope);
      const size = Buffer.byteLength(json);
      if (size > MAX_ENVELOPE_BYTES) {
        options.logger.warn({ size }, 'realtime: an envelope over the size limit was not sent');
        return;
      }
      const pieces = splitUtf8(json, CHUNK_BYTES);
      const id = randomBytes(8).toString('hex');
      const payloads = pieces.map((piece, index) => `${id}:${index}:${pieces.length}:${piece}`);
      // One statement is one transaction: the chunks are delivered together or not at all.
      await options.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
        channel,
        payloads,
      ]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      partial.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
