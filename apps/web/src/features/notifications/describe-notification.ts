import {
  isNotificationType,
  NOTIFICATION_STATUS_TEXTS,
  type NotificationView,
  notificationStatusLine,
  ORDER_STATUS_LABELS,
  REPORT_COMPLETE_NOTIFICATION_TEXT,
  UNKNOWN_NEW_STATUS_TEXT,
  UNKNOWN_NOTIFICATION_TYPE_TEXT,
} from '@ampelos/domain';

/** The i18n key (under `notifications.statusLines`) of every status line the domain produces. */
export const STATUS_LINE_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(NOTIFICATION_STATUS_TEXTS).map(([status, text]) => [text, status])),
  ...Object.fromEntries(
    Object.entries(ORDER_STATUS_LABELS).map(([status, text]) => [text, `order_${status}`]),
  ),
  [REPORT_COMPLETE_NOTIFICATION_TEXT]: 'reportComplete',
  [UNKNOWN_NEW_STATUS_TEXT]: 'unknownNewStatus',
  [UNKNOWN_NOTIFICATION_TYPE_TEXT]: 'unknownType',
};

export interface NotificationDisplay {
  /** i18n key under `notifications.titles`, or null for an unknown type (its status line says so). */
  title: { key: string; values: Record<string, string | number> } | null;
  /** i18n key under `notifications.statusLines` (spec section 4 texts), or null. */
  statusLine: string | null;
  /** The field a notification is about, when its details name one. */
  fieldTitle: string | null;
  /** The order it is about: staff open it on /orders, its customer on /profile/orders. */
  order: { uuid: string; forStaff: boolean } | null;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** What the panel shows for a notification, from its type and details (spec sections 3 and 4). */
export function describeNotification({ type, details }: NotificationView): NotificationDisplay {
  const line = notificationStatusLine(type, details.newStatus);
  const statusLine = line === null ? null : (STATUS_LINE_KEYS[line] ?? 'unknownNewStatus');
  const order = record(details.order);
  const orderUuid = text(order.uuid);
  const customer = record(details.customer);
  const forStaff = text(customer.firstName) !== null || text(customer.lastName) !== null;
  const count = typeof order.numOfReport === 'number' ? order.numOfReport : 0;
  const fieldTitle = text(record(details.field).title);
  const base = { statusLine, fieldTitle, order: orderUuid ? { uuid: orderUuid, forStaff } : null };

  if (!isNotificationType(type)) return { ...base, title: null };
  if (type === 'new_report' && details.type === 'order') {
    const name = [text(customer.firstName), text(customer.lastName)].filter(Boolean).join(' ');
    return {
      ...base,
      title: forStaff
        ? { key: 'orderPlacedBy', values: { name, count } }
        : { key: 'orderPlaced', values: { count } },
    };
  }
  return { ...base, title: { key: type, values: { count } } };
}
