import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHas, weakTagOf } from './etag.ts';

/** A serialised answer and the database snapshot it was read at or after. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  snapshot: string;
  checkedAt: number;
}

export interface AnswerCacheOptions {
  /** All bodies together; beyond it the least recently used go. An answer over a quarter is not kept. */
  maxBytes: number;
  /** An entry not checked for this long is dropped (the change log it is checked against is pruned). */
  maxUncheckedMs: number;
  now?: () => number;
}

/**
 * Answers recently sent, by viewer. The cache only stores: whether an entry may still be used is the
 * caller's question to the database (`ReadChanges.check` with the entry's snapshot), asked on every
 * request, so that a write on any process is seen by the next read on every process.
 */
export function createAnswerCache(options: AnswerCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedAnswer>();
  let bytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  }

  return {
    /** The entry, unless unchecked for so long that `read_changes` may have been pruned under it. */
    get(key: string): CachedAnswer | undefined {
      const entry = entries.get(key);
      if (entry && now() - entry.checkedAt > options.maxUncheckedMs) {
        remove(key);
        return undefined;
      }
      return entry;
    },
    /** The entry was checked unchanged at `snapshot`: it stays valid from there, and is used most recently. */
    confirm(key: string, entry: CachedAnswer, snapshot: string) {
      // Another request may have stored a newer answer meanwhile: that one stays.
      if (entries.get(key) !== entry) return;
      entry.snapshot = snapshot;
      entry.checkedAt = now();
      entries.delete(key);
      entries.set(key, entry);
    },
    set(key: string, body: Buffer, snapshot: string): CachedAnswer {
      const entry = { body, etag: weakTagOf(body), snapshot, checkedAt: now() };
      remove(key);
      if (body.length > options.maxBytes / 4) return entry;
      while (bytes + body.length > options.maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
      entries.set(key, entry);
      bytes += body.length;
      return entry;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;

/** What `reply.serialize` answered, as the bytes to keep. */
export function bytesOf(serialized: string | Buffer | ArrayBuffer): Buffer {
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
}

/** A JSON answer from its stored bytes: 304 without a body when the client already holds them. */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('ETag', answer.etag);
  reply.header('Cache-Control', 'private, no-cache');
  if (ifNoneMatchHas(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
