import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { auditLog, users } from '../../platform/db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

/** The only code touching the audit log: append and read, never change. */
export function createAuditRepository(db: Db) {
  return {
    async insert(entry: NewAuditEntry) {
      await db.insert(auditLog).values(entry);
    },

    /** Newest first, with the actor's uuid while the account exists, and the total for the pager. */
    async page(options: { offset: number; limit: number; action?: string }) {
      const where = options.action ? eq(auditLog.action, options.action) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select({ entry: auditLog, actorUuid: users.uuid })
          .from(auditLog)
          // A deleted account (kept until its purge) no longer links from the log.
          .leftJoin(users, and(eq(users.id, auditLog.actorId), isNull(users.deletedAt)))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .offset(options.offset)
          .limit(options.limit),
        db
          .select({ total: sql`count(*)`.mapWith(Number) })
          .from(auditLog)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
