import type { NotificationView } from '@ampelos/domain';
import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeNotification } from '../describe-notification.ts';

const dateTime = (value: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'el' ? 'el-GR' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));

/** One notification: unread ones stand out (bold, tinted, a dot) until the reader has seen them. */
export function NotificationItem({ notification }: { notification: NotificationView }) {
  const { t, i18n } = useTranslation();
  const { title, statusLine, fieldTitle, order } = describeNotification(notification);
  const unread = !notification.read;
  return (
    <Box
      component="li"
      p="sm"
      bg={unread ? 'var(--mantine-color-grape-light)' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)', listStyle: 'none' }}
      data-testid="notification-item"
      data-read={notification.read}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          aria-hidden
          w={8}
          h={8}
          mt={6}
          style={{
            flexShrink: 0,
            borderRadius: '50%',
            background: unread ? 'var(--mantine-color-grape-filled)' : 'transparent',
          }}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          {unread && <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden>}
          {title && (
            <Text size="sm" fw={unread ? 700 : 400}>
              {t(`notifications.titles.${title.key}`, title.values)}
            </Text>
          )}
          {statusLine && (
            <Text size="sm" fw={title ? 400 : unread ? 700 : 400}>
              {t(`notifications.statusLines.${statusLine}`)}
            </Text>
          )}
          {fieldTitle && (
            <Text size="sm" c="dimmed">
              {t('notifications.field', { title: fieldTitle })}
            </Text>
          )}
          <Group gap="sm">
            <Text size="xs" c="dimmed">
              {dateTime(notification.createdAt, i18n.language)}
            </Text>
            {order && (
              <Anchor
                component={Link}
                size="xs"
                to={
                  order.forStaff ? paths.orders.getHref(order.uuid) : paths.profile.orders.getHref(order.uuid)
                }
              >
                {t('notifications.viewOrder')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
