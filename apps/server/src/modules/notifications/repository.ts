import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { notifications } from '../../platform/db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The only code touching notifications; every query is scoped to one recipient. */
export function createNotificationRepository(db: Db) {
  return {
    async insertForEach(userIds: number[], type: string, details: Record<string, unknown>) {
      if (userIds.length === 0) return;
      await db.insert(notifications).values(userIds.map((userId) => ({ userId, type, details })));
    },

    /** Newest first. */
    listOf: (userId: number, options: { unreadOnly: boolean; limit: number }): Promise<NotificationRow[]> =>
      db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            options.unreadOnly ? eq(notifications.read, false) : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.limit),

    async countUnread(userId: number): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
      return row?.unread ?? 0;
    },

    /** Marks the given notifications of this user read, or all of them when `uuids` is undefined. */
    async markRead(userId: number, uuids?: string[]) {
      if (uuids?.length === 0) return;
      await db
        .update(notifications)
        .set({ read: true })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.read, false),
            uuids ? inArray(notifications.uuid, uuids) : undefined,
          ),
        );
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
