import { Alert, Button, Center, EmptyState, Loader, Stack } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { NotificationItem } from './notification-item.tsx';

/**
 * The newest notifications, fetched when the panel opens. What was unread is marked read on the
 * server at once, while this list keeps showing it as new until the panel is opened again.
 */
export function NotificationsList() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const marked = useRef(false);
  const { data, isFetching } = notifications;

  useEffect(() => {
    if (!data || isFetching || marked.current) return;
    marked.current = true;
    const unread = data.data.filter((n) => !n.read).map((n) => n.uuid);
    if (unread.length > 0) markRead.mutate(unread);
  }, [data, isFetching, markRead]);

  if (!data && notifications.isError) {
    // Spec section 8: a failed notification fetch shows an alert with the error.
    const { error } = notifications;
    const messages = error instanceof ApiError ? error.messages : [];
    return (
      <Stack gap="sm">
        <Alert color="red" data-testid="notifications-error">
          {messages.length > 0 ? messages.join(' ') : t('notifications.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void notifications.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (!data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('notifications.title')} />
      </Center>
    );
  }
  if (data.data.length === 0) {
    return (
      <EmptyState
        title={t('notifications.empty')}
        icon={<IconBellOff size={32} stroke={1.5} />}
        variant="light"
        color="grape"
      />
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} data-testid="notifications-list">
      {data.data.map((notification) => (
        <NotificationItem key={notification.uuid} notification={notification} />
      ))}
    </Stack>
  );
}
