/**
 * A small in-memory cache with expiry: provider answers are kept a while (weather changes slowly
 * and providers count calls), and failures briefly, so an unreachable provider costs one timeout per
 * minute rather than one per page view.
 */
export function createTtlCache<T>(maxEntries = 2000) {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key: string, now = Date.now()): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    has(key: string, now = Date.now()): boolean {
      return this.get(key, now) !== undefined;
    },
    set(key: string, value: T, ttlMs: number, now = Date.now()) {
      entries.delete(key);
      entries.set(key, { value, expires: now + ttlMs });
      // Oldest first in a Map: drop from the front.
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}
