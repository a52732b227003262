import type { NotificationsAnswer, NotificationView } from '@ampelos/domain';
import type { NotificationRow } from './repository.ts';

export function presentNotification(row: NotificationRow): NotificationView {
  return {
    uuid: row.uuid,
    type: row.type,
    details: row.details,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

export const presentNotifications = (rows: NotificationRow[], unread: number): NotificationsAnswer => ({
  data: rows.map(presentNotification),
  unread,
});
