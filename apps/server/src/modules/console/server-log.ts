import { can } from '@ampelos/domain';
import type { LogTail } from '../../platform/log-tail.ts';
import type { RealtimeBus } from '../../platform/realtime/bus.ts';
import type { RealtimeChannelPolicy } from '../../platform/realtime/channels.ts';
import type { AuthContext } from '../auth/sessions.ts';

/**
 * The server log channel: ServerLog:read holders receive this process's log lines (already redacted
 * by the tail) in batches; a newcomer gets the recent ones first.
 */
export function createServerLogChannel(deps: { tail: LogTail; bus: RealtimeBus }) {
  const unsubscribe = deps.tail.subscribe((batch) => {
    void deps.bus.publish({ channel: 'logs', message: { type: 'log', ...batch } });
  });
  const policy: RealtimeChannelPolicy<AuthContext> = {
    mayJoin: (auth) => can(auth.view.permissions, 'read', 'ServerLog'),
    welcome: () => ({ type: 'log', lines: deps.tail.recent(), dropped: 0 }),
  };
  return { policy, stop: unsubscribe };
}
