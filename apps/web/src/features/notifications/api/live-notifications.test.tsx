// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeWebSocket } from '../../../test/fake-websocket.ts';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { UnreadNotificationsBadge } from '../components/unread-notifications-badge.tsx';
import { NOTIFICATIONS_LIST_KEY } from './get-notifications.ts';
import { useLiveNotifications } from './live-notifications.ts';

function SignedInShell() {
  useLiveNotifications();
  return <UnreadNotificationsBadge />;
}

describe('useLiveNotifications', () => {
  it('sets the menu counter from a pushed message without fetching again, and refreshes the list', async () => {
    const Sockets = installFakeWebSocket();
    const api = mockApi({ 'GET /api/notifications?type=unread': () => ({ body: { data: [], unread: 1 } }) });
    const { queryClient } = renderWithProviders(<SignedInShell />, { user: userOf('b2c_admin') });
    queryClient.setQueryData(NOTIFICATIONS_LIST_KEY, { data: [], unread: 1 });
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('1');

    const socket = Sockets.latest();
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/api\/realtime$/);
    socket.open();
    socket.receive({ type: 'notification', unread: 3 });
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('3'));
    expect(api.calls.map((call) => call.path)).toEqual(['/api/notifications?type=unread']);
    expect(queryClient.getQueryState(NOTIFICATIONS_LIST_KEY)?.isInvalidated).toBe(true);

    // Marking read elsewhere pushes zero: the counter disappears.
    socket.receive({ type: 'notification', unread: 0 });
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
  });

  it('opens no socket for a signed-out visitor and closes it when the shell goes away', async () => {
    const Sockets = installFakeWebSocket();
    mockApi({
      'GET /api/user': () => ({ status: 401, body: { errors: [{ msg: 'Please sign in to continue' }] } }),
      'GET /api/notifications?type=unread': () => ({ body: { data: [], unread: 0 } }),
    });
    const anonymous = renderWithProviders(<SignedInShell />);
    await waitFor(() => expect(anonymous.queryClient.getQueryData(['user'])).toBeNull());
    expect(Sockets.instances).toEqual([]);
    anonymous.unmount();

    const signedIn = renderWithProviders(<SignedInShell />, { user: userOf('drone_operator') });
    expect(Sockets.instances).toHaveLength(1);
    signedIn.unmount();
    expect(Sockets.latest().closed).toBe(true);
  });
});
