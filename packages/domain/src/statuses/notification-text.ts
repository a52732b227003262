import { isOrderStatus, ORDER_STATUS_LABELS } from './order-status.ts';

/** Notification types of spec section 3. */
export const NOTIFICATION_TYPES = [
  'new_report',
  'order_status_update',
  'new_shoot',
  'shoot_status_update',
  'report_status_update',
  'new_field',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Text of a notification's newStatus (spec section 4). */
export const NOTIFICATION_STATUS_TEXTS: Readonly<Record<string, string>> = {
  shoot_assigned_to_drone_admin: 'Assigned to Drone Operator',
  shoot_assigned_to_drone_operator: 'Assigned to Drone Pilot',
  processing_pending: 'Client sets availability for Photo Shoot',
  confirmed_shoot_dates: 'Confirmed Photo Shoot Dates',
  /** Ours: events the spec's table does not name (a shoot completed, a report's data arrived). */
  shoot_complete: 'Photo Shoot completed',
  processing_data: 'Processing data',
  /** The dataset failed for good: the report awaits data again. */
  data_failed: 'The data could not be processed: upload it again',
  /** Staff only: the photos' capture dates lie far from the shoot's final day. */
  photo_dates_far: 'Photos dated far from the Photo Shoot day: check the data',
};
export const UNKNOWN_NEW_STATUS_TEXT = 'Unknown new status';
export const REPORT_COMPLETE_NOTIFICATION_TEXT = 'AI Processing completed';
export const UNKNOWN_NOTIFICATION_TYPE_TEXT = 'Unknown Notification type';

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** Text of a newStatus value; other values read "Unknown new status". */
export function notificationStatusText(newStatus: unknown): string {
  if (typeof newStatus !== 'string' || !Object.hasOwn(NOTIFICATION_STATUS_TEXTS, newStatus)) {
    return UNKNOWN_NEW_STATUS_TEXT;
  }
  return NOTIFICATION_STATUS_TEXTS[newStatus] ?? UNKNOWN_NEW_STATUS_TEXT;
}

/**
 * The status line of a notification: an unknown type reads "Unknown Notification type"; a report
 * that became complete reads "AI Processing completed"; an order status update reads the order
 * status label ("Complete", "Pending Confirmation": the spec's table has no order statuses, and
 * "Unknown new status" for a real change would mislead); other status updates read their newStatus text.
 * Types that carry no status (new_report, new_field, new_shoot) have no status line (null).
 */
export function notificationStatusLine(type: unknown, newStatus?: unknown): string | null {
  if (!isNotificationType(type)) return UNKNOWN_NOTIFICATION_TYPE_TEXT;
  if (type === 'report_status_update' && newStatus === 'complete') return REPORT_COMPLETE_NOTIFICATION_TEXT;
  if (type === 'order_status_update' && isOrderStatus(newStatus)) return ORDER_STATUS_LABELS[newStatus];
  if (type === 'report_status_update' || type === 'shoot_status_update' || type === 'order_status_update') {
    return notificationStatusText(newStatus);
  }
  return null;
}
