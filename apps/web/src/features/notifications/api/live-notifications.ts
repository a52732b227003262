import type { NotificationsAnswer } from '@ampelos/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '../../../lib/auth.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { connectRealtime } from '../../../lib/realtime.ts';
import { NOTIFICATIONS_LIST_KEY, UNREAD_NOTIFICATIONS_KEY } from './get-notifications.ts';

/**
 * Live notifications: while a user who reads notifications is signed in, the realtime socket stays
 * open; each `{ type: 'notification', unread }` sets the menu counter at once and refreshes the open
 * list. The minute poll of the counter stays as the fallback when the socket is down.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const allowed = useAuthorization().can('read', 'Notification');
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined || !allowed) return;
    return connectRealtime((message) => {
      if (message.type !== 'notification') return;
      const known = queryClient.getQueryData<NotificationsAnswer>(UNREAD_NOTIFICATIONS_KEY);
      if (known) {
        queryClient.setQueryData<NotificationsAnswer>(UNREAD_NOTIFICATIONS_KEY, {
          ...known,
          unread: message.unread,
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY });
      }
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_LIST_KEY });
    });
  }, [userId, allowed, queryClient]);
}
