import { canTransition, type TransitionTable } from './transition.ts';

export const ORDER_STATUSES = ['pending_payment', 'complete'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending Confirmation',
  complete: 'Complete',
};

/** Badge style of each order status. */
export const ORDER_STATUS_STYLES: Record<OrderStatus, 'warning' | 'success'> = {
  pending_payment: 'warning',
  complete: 'success',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Label of an order status; anything unrecognised reads "Unknown Status". */
export function orderStatusLabel(status: unknown): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : 'Unknown Status';
}

/**
 * An operator picks either status from a dropdown and the spec shows no direction restriction, so
 * both directions are allowed. Choosing the status the order already has is not a transition.
 */
export const ORDER_STATUS_TRANSITIONS: TransitionTable<OrderStatus> = {
  pending_payment: ['complete'],
  complete: ['pending_payment'],
};

/** Whether an order may move from one status to another (see ORDER_STATUS_TRANSITIONS). */
export function canTransitionOrder(from: string, to: string): boolean {
  return canTransition(ORDER_STATUS_TRANSITIONS, from, to);
}
