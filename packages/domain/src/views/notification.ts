import type { NotificationType } from '../statuses/notification-text.ts';

/** One notification for the reader (spec section 3); text is rendered by the client per section 4. */
export interface NotificationView {
  uuid: string;
  type: NotificationType | string;
  /** Type-specific details, e.g. order_status_update: { newStatus, order: { uuid, createdAt, numOfReport } }. */
  details: Record<string, unknown>;
  read: boolean;
  createdAt: string;
}

/** `GET /notifications` and `GET /notifications?type=unread`. */
export interface NotificationsAnswer {
  data: NotificationView[];
  /** The reader's unread count (the menu counter). */
  unread: number;
}
