import { TIMERS_MS } from '@ampelos/domain';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Alerts auto-close after 5000 ms unless the spec gives another timer (section 9). */
export const ALERT_MS = TIMERS_MS.alertAutoRemove;

/** A toast shown this long before the page changes belongs to the page left (it closes). */
const CARRIED_OVER_MS = 1000;
const shownAt = new Map<string, number>();

function show(color: string, message: ReactNode, autoClose: number) {
  const id = notifications.show({ color, message, autoClose, withBorder: true });
  shownAt.set(id, Date.now());
  return id;
}

export function notifyError(message: ReactNode, autoClose: number = ALERT_MS): void {
  show('red', message, autoClose);
}

export function notifySuccess(message: ReactNode, autoClose: number = ALERT_MS): void {
  show('green', message, autoClose);
}

export function notifyInfo(message: ReactNode, autoClose: number = ALERT_MS): void {
  show('blue', message, autoClose);
}

/**
 * Closes the toasts of the page being left when the path changes. A toast shown in the moment of the
 * change (an action that saves, then navigates: "Field created") stays for the new page.
 */
export function closeToastsOfPreviousPage(now: number = Date.now()) {
  for (const [id, at] of shownAt) {
    if (now - at >= CARRIED_OVER_MS) notifications.hide(id);
    if (now - at >= CARRIED_OVER_MS || now - at > ALERT_MS) shownAt.delete(id);
  }
}

export function useCloseToastsOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    closeToastsOfPreviousPage();
  }, [pathname]);
}
