import type { RealtimeMessage } from '@ampelos/domain';

/**
 * Sessions that ended or a user whose row changed, for every process: each drops what it cached of
 * them and closes the sockets of ended sessions. `resync` is never sent: a bus delivers it to its own
 * listeners after it may have missed events (a lost LISTEN connection), and everything cached is dropped.
 */
export type SessionEvent =
  | {
      kind: 'ended';
      userId: number;
      /** These sessions; all of the user's when absent (but `exceptSessionId`). */
      sessionIds?: number[];
      exceptSessionId?: number;
    }
  | {
      kind: 'changed';
      userId: number;
      /** Role or company changed: the user's sockets reconnect under the new rights. */
      access: boolean;
    }
  | { kind: 'resync' };

/** Whether the event ends or changes this session of this user. */
export function sessionEventConcerns(event: SessionEvent, userId: number, sessionId: number): boolean {
  if (event.kind === 'resync') return true;
  if (event.userId !== userId) return false;
  if (event.kind === 'changed') return true;
  if (event.sessionIds) return event.sessionIds.includes(sessionId);
  return event.exceptSessionId !== sessionId;
}

/**
 * A message for one user's open sockets, for every socket that joined a channel, a session event, or
 * a job queue that has new jobs (its workers in every process wake up instead of polling).
 */
export type RealtimeEnvelope =
  | { userId: number; message: RealtimeMessage }
  | { channel: string; message: RealtimeMessage }
  | { session: SessionEvent }
  | { job: string };

/**
 * Publish/subscribe between whoever produces events (a notification written) and the process holding
 * the user's sockets. In-process with the embedded database (one process); on PostgreSQL,
 * `createPostgresBus` (LISTEN/NOTIFY) carries envelopes between API and worker processes.
 */
export interface RealtimeBus {
  publish(envelope: RealtimeEnvelope): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (envelope: RealtimeEnvelope) => void): () => void;
  close(): Promise<void>;
}

export function createInProcessBus(): RealtimeBus {
  const listeners = new Set<(envelope: RealtimeEnvelope) => void>();
  return {
    async publish(envelope) {
      // A copy per listener, as a cross-process bus would deliver it (no shared mutable object).
      const wire = JSON.stringify(envelope);
      for (const listener of listeners) listener(JSON.parse(wire) as RealtimeEnvelope);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
