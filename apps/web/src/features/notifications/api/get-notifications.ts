import type { NotificationsAnswer } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';

/** Every notifications query sits under this key (the list and the unread probe). */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const NOTIFICATIONS_LIST_KEY = [...NOTIFICATIONS_QUERY_KEY, 'list'] as const;
export const UNREAD_NOTIFICATIONS_KEY = [...NOTIFICATIONS_QUERY_KEY, 'unread'] as const;
/** The unread counter is pushed live (live-notifications.ts); this poll is the fallback. */
export const UNREAD_POLL_MS = 60_000;

export const getNotifications = (unreadOnly = false) =>
  api.get<NotificationsAnswer>(unreadOnly ? '/notifications?type=unread' : '/notifications');

/** The newest notifications, fetched afresh each time the panel opens (the list mounts then). */
export function useNotifications() {
  return useQuery({
    queryKey: NOTIFICATIONS_LIST_KEY,
    queryFn: () => getNotifications(),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** The menu counter: the reader's unread count, pushed live and polled every minute as a fallback. */
export function useUnreadNotificationsCount() {
  const authorization = useAuthorization();
  return useQuery({
    queryKey: UNREAD_NOTIFICATIONS_KEY,
    queryFn: () => getNotifications(true),
    select: (answer) => answer.unread,
    enabled: authorization.can('read', 'Notification'),
    refetchInterval: UNREAD_POLL_MS,
  });
}
