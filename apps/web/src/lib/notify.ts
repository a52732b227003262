import { TIMERS_MS } from '@ampelos/domain';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Alerts auto-close after 5000 ms unless the spec gives another timer (section 9). */
export const ALERT_MS = TIMERS_MS.alertAutoRemove;

export function notifyError(message: ReactNode, autoClose: number = ALERT_MS): void {
  notifications.show({ color: 'red', message, autoClose, withBorder: true });
}

export function notifySuccess(message: ReactNode, autoClose: number = ALERT_MS): void {
  notifications.show({ color: 'green', message, autoClose, withBorder: true });
}

export function notifyInfo(message: ReactNode, autoClose: number = ALERT_MS): void {
  notifications.show({ color: 'blue', message, autoClose, withBorder: true });
}
