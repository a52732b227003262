import { can, NOTIFICATIONS_PAGE_SIZE, type NotificationType } from '@ampelos/domain';
import { forbidden } from '../../platform/http/errors.ts';
import type { RealtimeBus } from '../../platform/realtime/bus.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { NotificationRepository } from './repository.ts';

/** What other modules call to tell users something happened. */
export type Notify = (
  userIds: readonly number[],
  type: NotificationType,
  details: Record<string, unknown>,
) => Promise<void>;

function requireReader(auth: AuthContext) {
  if (!can(auth.view.permissions, 'read', 'Notification')) throw forbidden();
}

export function createNotificationService(deps: {
  notifications: NotificationRepository;
  /** Live push of the unread count to the recipients' open browsers. */
  realtime?: RealtimeBus;
}) {
  /** Tells the user's open sockets the new unread count. */
  async function pushUnread(userId: number, unread?: number) {
    if (!deps.realtime) return;
    const count = unread ?? (await deps.notifications.countUnread(userId));
    await deps.realtime.publish({ userId, message: { type: 'notification', unread: count } });
  }

  /** One row per distinct recipient, each with its own read flag; then a live push to each. */
  const notify: Notify = async (userIds, type, details) => {
    const recipients = [...new Set(userIds)];
    await deps.notifications.insertForEach(recipients, type, details);
    for (const userId of recipients) await pushUnread(userId);
  };

  return {
    notify,

    /** The caller's newest notifications (all, or only the unread ones) and the unread count. */
    async list(auth: AuthContext, unreadOnly: boolean) {
      requireReader(auth);
      const [rows, unread] = await Promise.all([
        deps.notifications.listOf(auth.user.id, { unreadOnly, limit: NOTIFICATIONS_PAGE_SIZE }),
        deps.notifications.countUnread(auth.user.id),
      ]);
      return { rows, unread };
    },

    /** Marks some (or all) of the caller's notifications read; answers what stays unread. */
    async markRead(auth: AuthContext, uuids?: string[]) {
      requireReader(auth);
      await deps.notifications.markRead(auth.user.id, uuids);
      const unread = await deps.notifications.countUnread(auth.user.id);
      // Other tabs of the same user update their counter too.
      await pushUnread(auth.user.id, unread);
      return unread;
    },
    /** The first message of a new realtime socket. */
    unreadMessage: async (userId: number) => ({
      type: 'notification' as const,
      unread: await deps.notifications.countUnread(userId),
    }),
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
