import el from '@ampelos/domain/i18n/el/web.json';
import en from '@ampelos/domain/i18n/en/web.json';
import { describe, expect, it } from 'vitest';
import { describeNotification, STATUS_LINE_KEYS } from './describe-notification.ts';

const notification = (type: string, details: Record<string, unknown>) => ({
  uuid: 'n1',
  type,
  details,
  read: false,
  createdAt: '2026-01-05T10:00:00.000Z',
});
const order = { uuid: 'o1', createdAt: '2026-01-05T10:00:00.000Z', numOfReport: 6 };

describe('describeNotification', () => {
  it('an order placed: the customer’s own, or a customer’s for staff', () => {
    expect(describeNotification(notification('new_report', { type: 'order', order }))).toEqual({
      title: { key: 'orderPlaced', values: { count: 6 } },
      statusLine: null,
      fieldTitle: null,
      order: { uuid: 'o1', forStaff: false },
    });
    const staff = describeNotification(
      notification('new_report', { type: 'order', order, customer: { firstName: 'Maria', lastName: 'G' } }),
    );
    expect(staff.title).toEqual({ key: 'orderPlacedBy', values: { name: 'Maria G', count: 6 } });
    expect(staff.order).toEqual({ uuid: 'o1', forStaff: true });
  });
  it('an order status update reads the order status; shoot updates read the spec texts', () => {
    expect(
      describeNotification(notification('order_status_update', { newStatus: 'complete', order })),
    ).toMatchObject({ title: { key: 'order_status_update' }, statusLine: 'order_complete' });
    expect(
      describeNotification(
        notification('shoot_status_update', {
          newStatus: 'confirmed_shoot_dates',
          field: { title: 'North' },
        }),
      ),
    ).toMatchObject({ statusLine: 'confirmed_shoot_dates', fieldTitle: 'North', order: null });
    expect(
      describeNotification(notification('report_status_update', { newStatus: 'complete' })).statusLine,
    ).toBe('reportComplete');
    expect(describeNotification(notification('shoot_status_update', { newStatus: 'odd' })).statusLine).toBe(
      'unknownNewStatus',
    );
  });
  it('an unknown type has no title and says so', () => {
    expect(describeNotification(notification('mystery', {}))).toMatchObject({
      title: null,
      statusLine: 'unknownType',
    });
  });
  it('every status line and title has a translation in both languages', () => {
    for (const catalogue of [en, el]) {
      const { statusLines, titles } = catalogue.notifications as unknown as Record<
        string,
        Record<string, string>
      >;
      for (const key of Object.values(STATUS_LINE_KEYS)) expect(statusLines?.[key]).toBeTruthy();
      for (const key of [
        'orderPlaced',
        'orderPlacedBy',
        'new_report',
        'order_status_update',
        'new_shoot',
        'shoot_status_update',
        'report_status_update',
        'new_field',
      ]) {
        expect(titles?.[key]).toBeTruthy();
      }
    }
  });
});
