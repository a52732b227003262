import { TIMERS_MS } from '@ampelos/domain';
import { Drawer, EmptyState } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Spec section 9: the notifications panel closes 500 ms after a navigation. */
export const PANEL_CLOSE_MS = TIMERS_MS.notificationsPanelClose;

interface NotificationsPanelProps {
  opened: boolean;
  onClose: () => void;
}

/** The notifications list arrives with a later feature; until then the panel is honestly empty. */
export function NotificationsPanel({ opened, onClose }: NotificationsPanelProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (!opened) return;
    const timer = window.setTimeout(onClose, PANEL_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, opened, onClose]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('notifications.title')}
      data-testid="notifications-panel"
    >
      <EmptyState
        title={t('notifications.empty')}
        icon={<IconBellOff size={32} stroke={1.5} />}
        variant="light"
        color="grape"
      />
    </Drawer>
  );
}
