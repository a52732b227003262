import type { RealtimeMessage } from '@ampelos/domain';
import type { WebSocket } from 'ws';
import type { Logger } from '../logger.ts';
import { type SessionEvent, sessionEventConcerns } from './bus.ts';

/** The session a socket was opened under. */
export interface SocketSession {
  userId: number;
  sessionId: number;
  /** When the session ends unless used (ms since the epoch): the socket is checked again then. */
  deadline: number;
}

export interface ConnectionLimits {
  /** A socket whose unsent data exceeds this is too slow to keep: it is closed. */
  maxBufferedBytes: number;
  /** Open sockets per user (tabs); the oldest is closed beyond it. */
  maxSocketsPerUser: number;
  /** Ping interval; a socket that missed the previous pong is terminated. */
  heartbeatMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxBufferedBytes: 64 * 1024,
  maxSocketsPerUser: 10,
  heartbeatMs: 30_000,
};

/** 1008 policy violation / 1013 try again later (RFC 6455, IANA registry). */
const CLOSE_TOO_MANY = 1008;
const CLOSE_TOO_SLOW = 1013;
/** Application codes (4000–4999): the session ended; the user's rights changed (reconnect). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_USER_CHANGED = 4002;

/** The open sockets of this process, by user. */
export function createConnectionRegistry(
  logger: Logger,
  limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
) {
  const byUser = new Map<number, Set<WebSocket>>();
  /** Sockets that joined a channel (chat, logs), by channel. */
  const byChannel = new Map<string, Set<WebSocket>>();
  const alive = new WeakMap<WebSocket, boolean>();

  function remove(userId: number, socket: WebSocket) {
    for (const members of byChannel.values()) members.delete(socket);
    const sockets = byUser.get(userId);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) byUser.delete(userId);
  }

  /** Sends unless the socket cannot keep up: then it is closed, not waited for. */
  function deliver(userId: number, socket: WebSocket, data: string) {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount + data.length > limits.maxBufferedBytes) {
      remove(userId, socket);
      socket.close(CLOSE_TOO_SLOW, 'Too slow');
      return;
    }
    socket.send(data);
  }

  const owners = new WeakMap<WebSocket, number>();
  const sessionsOf = new WeakMap<WebSocket, SocketSession>();
  /** The user of an open, registered socket. */
  function ownerOf(socket: WebSocket): number | undefined {
    const userId = owners.get(socket);
    return userId !== undefined && byUser.get(userId)?.has(socket) ? userId : undefined;
  }

  function members(channel: string): { socket: WebSocket; userId: number }[] {
    return [...(byChannel.get(channel) ?? [])].flatMap((socket) => {
      const userId = ownerOf(socket);
      return userId === undefined ? [] : [{ socket, userId }];
    });
  }

  const heartbeat = setInterval(() => {
    for (const sockets of byUser.values()) {
      for (const socket of sockets) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    add(session: SocketSession, socket: WebSocket) {
      const { userId } = session;
      sessionsOf.set(socket, session);
      const sockets = byUser.get(userId) ?? new Set<WebSocket>();
      byUser.set(userId, sockets);
      if (sockets.size >= limits.maxSocketsPerUser) {
        const oldest = sockets.values().next().value;
        if (oldest) {
          sockets.delete(oldest);
          oldest.close(CLOSE_TOO_MANY, 'Too many open connections');
        }
      }
      sockets.add(socket);
      owners.set(socket, userId);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => remove(userId, socket));
      socket.on('error', (err) => {
        logger.debug({ err }, 'realtime socket error');
        remove(userId, socket);
      });
    },
    /** Sends to every open socket of the user; a socket that cannot keep up is closed, not waited for. */
    send(userId: number, message: RealtimeMessage) {
      const sockets = byUser.get(userId);
      if (!sockets) return;
      const data = JSON.stringify(message);
      for (const socket of [...sockets]) deliver(userId, socket, data);
    },
    /** To one socket (an answer to what it sent), under the same backpressure rule. */
    reply(socket: WebSocket, message: RealtimeMessage) {
      const userId = ownerOf(socket);
      if (userId !== undefined) deliver(userId, socket, JSON.stringify(message));
    },
    join(socket: WebSocket, channel: string) {
      if (ownerOf(socket) === undefined) return;
      const members = byChannel.get(channel) ?? new Set<WebSocket>();
      byChannel.set(channel, members);
      members.add(socket);
    },
    leave(socket: WebSocket, channel: string) {
      byChannel.get(channel)?.delete(socket);
    },
    isMember: (socket: WebSocket, channel: string) => byChannel.get(channel)?.has(socket) ?? false,
    /** The sockets in a channel with their user, for checking their right to stay. */
    members,
    /** Sends to every socket in the channel; slow ones are closed as in `send`. */
    broadcast(channel: string, message: RealtimeMessage) {
      const data = JSON.stringify(message);
      for (const { socket, userId } of members(channel)) deliver(userId, socket, data);
    },
    count: (userId: number) => byUser.get(userId)?.size ?? 0,
    /**
     * Closes the sockets of the sessions an event ends at once; on a role or company change the user's
     * sockets close too, and the client reconnects under its new rights. A profile edit closes nothing.
     */
    applySessionEvent(event: SessionEvent) {
      if (event.kind === 'resync' || (event.kind === 'changed' && !event.access)) return;
      const sockets = byUser.get(event.userId);
      if (!sockets) return;
      const code = event.kind === 'ended' ? CLOSE_SESSION_ENDED : CLOSE_USER_CHANGED;
      const reason = event.kind === 'ended' ? 'Signed out' : 'Account changed';
      for (const socket of [...sockets]) {
        const session = sessionsOf.get(socket);
        if (session && sessionEventConcerns(event, session.userId, session.sessionId)) {
          remove(event.userId, socket);
          socket.close(code, reason);
        }
      }
    },
    /** The open sockets whose session's deadline has passed (to be checked against the database). */
    pastDeadline(now: number): WebSocket[] {
      const due: WebSocket[] = [];
      for (const sockets of byUser.values())
        for (const socket of sockets) if ((sessionsOf.get(socket)?.deadline ?? 0) <= now) due.push(socket);
      return due;
    },
    /** A checked socket: its session goes on until `deadline`, or it is closed. */
    renew(socket: WebSocket, deadline: number | null) {
      const session = sessionsOf.get(socket);
      const userId = ownerOf(socket);
      if (!session || userId === undefined) return;
      if (deadline === null) {
        remove(userId, socket);
        socket.close(CLOSE_SESSION_ENDED, 'Signed out');
      } else session.deadline = deadline;
    },
    closeAll() {
      clearInterval(heartbeat);
      for (const sockets of byUser.values())
        for (const socket of sockets) socket.close(1001, 'Server stopping');
      byUser.clear();
      byChannel.clear();
    },
  };
}
export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>;
