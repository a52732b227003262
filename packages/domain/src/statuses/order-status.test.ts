import { describe, expect, it } from 'vitest';
import {
  canTransitionOrder,
  ORDER_STATUS_STYLES,
  ORDER_STATUS_TRANSITIONS,
  orderStatusLabel,
} from './order-status.ts';
import { canTransition } from './transition.ts';

describe('order status', () => {
  it('labels and styles', () => {
    expect(orderStatusLabel('pending_payment')).toBe('Pending Confirmation');
    expect(orderStatusLabel('complete')).toBe('Complete');
    expect(orderStatusLabel('refunded')).toBe('Unknown Status');
    expect(ORDER_STATUS_STYLES).toEqual({ pending_payment: 'warning', complete: 'success' });
  });
  it('may go either direction', () => {
    expect(canTransitionOrder('pending_payment', 'complete')).toBe(true);
    expect(canTransitionOrder('complete', 'pending_payment')).toBe(true);
  });
  it('refuses the same status and unknown statuses', () => {
    expect(canTransitionOrder('complete', 'complete')).toBe(false);
    expect(canTransitionOrder('complete', 'refunded')).toBe(false);
    expect(canTransitionOrder('__proto__', 'complete')).toBe(false);
  });
  it('the generic checker reads any table', () => {
    expect(canTransition(ORDER_STATUS_TRANSITIONS, 'pending_payment', 'complete')).toBe(true);
  });
});
