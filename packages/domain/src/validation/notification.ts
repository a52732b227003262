import { z } from 'zod';

/** How many notifications `GET /notifications` answers at most (newest first). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** `GET /notifications?type=unread` lists only the unread ones. */
export const notificationsQuerySchema = z.object({ type: z.enum(['unread']).optional() });

/** `PUT /notifications/read`: the given notifications of the caller, or all of them when absent. */
export const notificationsReadSchema = z.strictObject({
  uuids: z.array(z.string().trim().uuid()).max(500).optional(),
});
export type NotificationsRead = z.output<typeof notificationsReadSchema>;
