import { randomUUID } from 'node:crypto';
import { can, REALTIME_MESSAGES, type StaffChatMessage } from '@ampelos/domain';
import type { RealtimeBus } from '../../platform/realtime/bus.ts';
import type { RealtimeChannelPolicy } from '../../platform/realtime/channels.ts';
import type { AuthContext } from '../auth/sessions.ts';

/** Messages a newcomer receives; the chat is live, not an archive (lost when the server restarts). */
export const CHAT_HISTORY = 50;
/** At most this many messages per user in the window. */
export const CHAT_BURST = 5;
export const CHAT_WINDOW_MS = 10_000;

/** "MG" for Maria Georgiou; whole characters, so accented and Greek names work. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (name: string) => Array.from(name.trim())[0] ?? '';
  return `${first(firstName)}${first(lastName)}`.toLocaleUpperCase();
}

/**
 * The staff chat channel: StaffChat:read holders receive it, StaffChat:create holders write to it.
 * Messages go through the realtime bus to every member, whichever process holds their socket.
 */
export function createStaffChat(deps: { bus: RealtimeBus; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const history: StaffChatMessage[] = [];
  const sentAt = new Map<number, number[]>();

  function tooFast(userId: number): boolean {
    const at = now().getTime();
    const recent = (sentAt.get(userId) ?? []).filter((time) => at - time < CHAT_WINDOW_MS);
    if (recent.length >= CHAT_BURST) {
      sentAt.set(userId, recent);
      return true;
    }
    sentAt.set(userId, [...recent, at]);
    return false;
  }

  const policy: RealtimeChannelPolicy<AuthContext> = {
    mayJoin: (auth) => can(auth.view.permissions, 'read', 'StaffChat'),
    welcome: () => ({ type: 'chat', messages: [...history] }),
    async receive(auth, text) {
      if (!can(auth.view.permissions, 'create', 'StaffChat')) return REALTIME_MESSAGES.notAllowed;
      if (tooFast(auth.user.id)) return REALTIME_MESSAGES.chatTooFast;
      const message: StaffChatMessage = {
        id: randomUUID(),
        authorUuid: auth.user.uuid,
        initials: initialsOf(auth.user.firstName, auth.user.lastName),
        name: `${auth.user.firstName} ${auth.user.lastName}`,
        text,
        sentAt: now().toISOString(),
      };
      history.push(message);
      if (history.length > CHAT_HISTORY) history.shift();
      await deps.bus.publish({ channel: 'chat', message: { type: 'chat', messages: [message] } });
      return null;
    },
  };
  return { policy };
}
