import { can, NOTIFICATIONS_PAGE_SIZE, type NotificationType } from '@ampelos/domain';
import { forbidden } from '../../platform/http/errors.ts';
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

export function createNotificationService(deps: { notifications: NotificationRepository }) {
  /** One row per distinct recipient, each with its own read flag. */
  const notify: Notify = async (userIds, type, details) => {
    await deps.notifications.insertForEach([...new Set(userIds)], type, details);
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
      return deps.notifications.countUnread(auth.user.id);
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
