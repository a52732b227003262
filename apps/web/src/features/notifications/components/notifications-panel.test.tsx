// @vitest-environment jsdom
import type { NotificationsAnswer, NotificationView } from '@ampelos/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { NotificationsPanel } from './notifications-panel.tsx';
import { UnreadNotificationsBadge } from './unread-notifications-badge.tsx';

const order = {
  uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
  createdAt: '2021-01-05T10:00:00.000Z',
  numOfReport: 3,
};
const notification = (overrides: Partial<NotificationView>): NotificationView => ({
  uuid: 'n-0',
  type: 'new_report',
  details: { type: 'order', order },
  read: false,
  createdAt: '2021-01-05T10:00:00.000Z',
  ...overrides,
});
const list: NotificationsAnswer = {
  data: [
    notification({
      uuid: 'n-1',
      type: 'order_status_update',
      details: { newStatus: 'complete', order },
    }),
    notification({ uuid: 'n-2', read: true }),
  ],
  unread: 1,
};

describe('NotificationsPanel', () => {
  it('shows unread and read notifications with their texts and marks the unread ones read', async () => {
    const api = mockApi({
      'GET /api/notifications': () => ({ body: list }),
      'PUT /api/notifications/read': () => ({ body: { unread: 0 } }),
    });
    renderWithProviders(<NotificationsPanel opened onClose={() => {}} />, { user: userOf('b2c_admin') });
    const items = await screen.findAllByTestId('notification-item');
    expect(items.map((item) => item.dataset.read)).toEqual(['false', 'true']);
    expect(items[0]?.textContent).toContain('Your order of 3 reports was updated');
    expect(items[0]?.textContent).toContain('Complete');
    expect(items[0]?.textContent).toContain('Unread');
    expect(items[1]?.textContent).toContain('Your order of 3 reports was placed');
    expect(items[1]?.querySelector('a')?.getAttribute('href')).toBe(`/profile/orders?order=${order.uuid}`);
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/notifications/read', body: { uuids: ['n-1'] } },
      ]),
    );
    // The open list still shows what was new when it opened.
    expect(screen.getAllByTestId('notification-item')[0]?.dataset.read).toBe('false');
  });

  it('says so when there are none, in Greek too, and marks nothing', async () => {
    const api = mockApi({ 'GET /api/notifications': () => ({ body: { data: [], unread: 0 } }) });
    renderWithProviders(<NotificationsPanel opened onClose={() => {}} />, {
      user: userOf('b2c_admin'),
      lang: 'el',
    });
    expect(await screen.findByText('Δεν υπάρχουν ακόμη ειδοποιήσεις...')).toBeTruthy();
    expect(api.calls.map((call) => call.method)).toEqual(['GET']);
  });
});

describe('NotificationsPanel failures', () => {
  it('shows the error of a failed fetch in the panel', async () => {
    mockApi({ 'GET /api/notifications': () => ({ status: 500, body: { errors: [{ msg: 'boom' }] } }) });
    renderWithProviders(<NotificationsPanel opened onClose={() => {}} />, { user: userOf('b2c_admin') });
    expect((await screen.findByTestId('notifications-error')).textContent).toBe(
      'Something went wrong on our side. Please try again later.',
    );
  });
});

describe('UnreadNotificationsBadge', () => {
  it('shows the unread count from the unread probe, and nothing at zero', async () => {
    mockApi({ 'GET /api/notifications?type=unread': () => ({ body: { data: [], unread: 4 } }) });
    renderWithProviders(<UnreadNotificationsBadge />, { user: userOf('b2b_user') });
    const badge = await screen.findByTestId('notifications-badge');
    expect(badge.textContent).toBe('4');
    expect(badge.getAttribute('aria-label')).toBe('4 unread notifications');
  });
});
