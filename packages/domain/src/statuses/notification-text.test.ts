import { describe, expect, it } from 'vitest';
import { notificationStatusLine, notificationStatusText } from './notification-text.ts';

describe('notification texts', () => {
  it.each([
    ['shoot_assigned_to_drone_admin', 'Assigned to Drone Operator'],
    ['shoot_assigned_to_drone_operator', 'Assigned to Drone Pilot'],
    ['processing_pending', 'Client sets availability for Photo Shoot'],
    ['confirmed_shoot_dates', 'Confirmed Photo Shoot Dates'],
    ['complete', 'Unknown new status'],
    ['toString', 'Unknown new status'],
    [undefined, 'Unknown new status'],
  ])('newStatus %s → %s', (status, text) => {
    expect(notificationStatusText(status)).toBe(text);
  });
  it('a report that completed reads AI Processing completed', () => {
    expect(notificationStatusLine('report_status_update', 'complete')).toBe('AI Processing completed');
  });
  it('status updates read their newStatus text', () => {
    expect(notificationStatusLine('report_status_update', 'processing_pending')).toBe(
      'Client sets availability for Photo Shoot',
    );
    expect(notificationStatusLine('shoot_status_update', 'confirmed_shoot_dates')).toBe(
      'Confirmed Photo Shoot Dates',
    );
    expect(notificationStatusLine('order_status_update', 'paid')).toBe('Unknown new status');
  });
  it('an order status update reads the order status label', () => {
    expect(notificationStatusLine('order_status_update', 'complete')).toBe('Complete');
    expect(notificationStatusLine('order_status_update', 'pending_payment')).toBe('Pending Confirmation');
  });
  it('types without status have no status line; unknown types say so', () => {
    expect(notificationStatusLine('new_field')).toBeNull();
    expect(notificationStatusLine('new_report')).toBeNull();
    expect(notificationStatusLine('something_else')).toBe('Unknown Notification type');
  });
});
