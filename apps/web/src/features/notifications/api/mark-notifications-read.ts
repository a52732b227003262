import type { NotificationsAnswer } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { UNREAD_NOTIFICATIONS_KEY } from './get-notifications.ts';

/** Marks the given notifications read (all of the caller's when `uuids` is absent). */
export const markNotificationsRead = (uuids?: string[]) =>
  api.put<{ unread: number }>('/notifications/read', uuids ? { uuids } : {});

/**
 * The open list keeps its read/unread styling as fetched (the reader sees what was new); only the
 * menu counter takes the server's new unread count.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<NotificationsAnswer>(UNREAD_NOTIFICATIONS_KEY, (previous) =>
        previous ? { ...previous, unread } : previous,
      );
    },
  });
}
