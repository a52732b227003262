import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { authThrottles } from '../../platform/db/schema.ts';

const at = (moment: Date): SQL => sql`${moment.toISOString()}::timestamptz`;

export type ThrottleHit =
  | { blocked: false; count: number; windowStartedAt: Date }
  | { blocked: true; blockedUntil: Date };

/** The counters behind modules/auth/throttle.ts: one atomic statement each, safe across processes. */
export function createThrottleRepository(db: Db) {
  return {
    /**
     * Counts one attempt on `key` unless it is blocked at `now`; a window older than `windowMs`
     * starts over at 1. Two processes counting at once get different counts (the row is locked).
     */
    async hit(key: string, now: Date, windowMs: number): Promise<ThrottleHit> {
      const expired = sql`${authThrottles.windowStartedAt} <= ${at(new Date(now.getTime() - windowMs))}`;
      const [counted] = await db
        .insert(authThrottles)
        .values({ key, count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            count: sql`case when ${expired} then 1 else ${authThrottles.count} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${at(now)} else ${authThrottles.windowStartedAt} end`,
          },
          setWhere: sql`${authThrottles.blockedUntil} is null or ${authThrottles.blockedUntil} <= ${at(now)}`,
        })
        .returning({ count: authThrottles.count, windowStartedAt: authThrottles.windowStartedAt });
      if (counted) return { blocked: false, ...counted };
      const [row] = await db
        .select({ blockedUntil: authThrottles.blockedUntil })
        .from(authThrottles)
        .where(eq(authThrottles.key, key));
      return { blocked: true, blockedUntil: row?.blockedUntil ?? now };
    },

    async block(key: string, until: Date) {
      await db.update(authThrottles).set({ blockedUntil: until }).where(eq(authThrottles.key, key));
    },

    async clear(key: string) {
      await db.delete(authThrottles).where(eq(authThrottles.key, key));
    },

    /** Counters whose window began before `before` and that block nothing any more. */
    async purge(before: Date, now: Date) {
      await db
        .delete(authThrottles)
        .where(
          and(
            lt(authThrottles.windowStartedAt, before),
            or(isNull(authThrottles.blockedUntil), lt(authThrottles.blockedUntil, now)),
          ),
        );
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
