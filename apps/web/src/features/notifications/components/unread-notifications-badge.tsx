import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadNotificationsCount } from '../api/get-notifications.ts';

/** The side menu's Notifications counter (unread), polled every minute. Hidden at zero. */
export function UnreadNotificationsBadge() {
  const { t } = useTranslation();
  const { data: count = 0 } = useUnreadNotificationsCount();
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      color="grape"
      circle={count < 10}
      variant="filled"
      aria-label={t('notifications.badge', { count })}
      data-testid="notifications-badge"
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
