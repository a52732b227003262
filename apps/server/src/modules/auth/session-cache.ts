import type { UserView } from '@ampelos/domain';
import { type SessionEvent, sessionEventConcerns } from '../../platform/realtime/bus.ts';
import type { SessionWithUser } from '../users/repository.ts';

export interface CachedSession {
  found: SessionWithUser;
  view: UserView;
}

export interface SessionCacheOptions {
  /** How long an entry answers without the database: the bound on staleness if an event is ever lost. */
  ttlMs: number;
  /** Beyond it the oldest entry goes (many sessions active at once only cost the database round trip). */
  maxEntries: number;
  now?: () => number;
}

export const DEFAULT_SESSION_CACHE: SessionCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 };

/**
 * Sessions recently looked up, by token hash, so that a burst of requests costs one round trip. Session
 * events (sign-out, password change, a role or profile change, account closed) drop the entries they
 * concern on every process; a lookup that was in flight while any event arrived is not stored, so an
 * answer read before an event never outlives it.
 */
export function createSessionCache(options: SessionCacheOptions = DEFAULT_SESSION_CACHE) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: CachedSession; at: number }>();
  let epoch = 0;

  return {
    get(tokenHash: string): CachedSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now() - entry.at > options.ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.value;
    },
    /** A mark to take before reading the database, for `set`. */
    epoch: () => epoch,
    /** Stores what was read, unless some event arrived since `readEpoch` was taken. */
    set(tokenHash: string, value: CachedSession, readEpoch: number) {
      if (readEpoch !== epoch || options.ttlMs <= 0) return;
      entries.delete(tokenHash);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { value, at: now() });
    },
    delete(tokenHash: string) {
      epoch += 1;
      entries.delete(tokenHash);
    },
    apply(event: SessionEvent) {
      epoch += 1;
      if (event.kind === 'resync') {
        entries.clear();
        return;
      }
      for (const [tokenHash, { value }] of entries) {
        if (sessionEventConcerns(event, value.found.user.id, value.found.sessionId))
          entries.delete(tokenHash);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
