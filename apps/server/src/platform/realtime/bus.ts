import type { RealtimeMessage } from '@ampelos/domain';

/** A message for one user's open sockets, or for every socket that joined a channel. */
export type RealtimeEnvelope =
  | { userId: number; message: RealtimeMessage }
  | { channel: string; message: RealtimeMessage };

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
