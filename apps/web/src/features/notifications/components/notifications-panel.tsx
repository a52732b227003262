import { TIMERS_MS } from '@ampelos/domain';
import { Drawer } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NotificationsList } from './notifications-list.tsx';

/** Spec section 9: the notifications panel closes 500 ms after a navigation. */
export const PANEL_CLOSE_MS = TIMERS_MS.notificationsPanelClose;

interface NotificationsPanelProps {
  opened: boolean;
  onClose: () => void;
}

/** The notifications panel (spec section 2): the list mounts, and so refetches, each time it opens. */
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
      <NotificationsList />
    </Drawer>
  );
}
