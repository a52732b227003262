import { HTTP_MESSAGES, type RealtimeMessage } from '@ampelos/domain';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyAnswer } from '../http/answers.ts';
import { AppError } from '../http/errors.ts';
import type { RealtimeBus } from './bus.ts';
import { type ChannelOptions, createChannelHub } from './channels.ts';
import {
  type ConnectionLimits,
  createConnectionRegistry,
  DEFAULT_CONNECTION_LIMITS,
  type SocketSession,
} from './connections.ts';

export interface RealtimeRouteOptions<V = unknown> {
  bus: RealtimeBus;
  publicUrl: string;
  /** The signed-in user's session for this request, or null (the session cookie decides). */
  sessionOf: (request: FastifyRequest) => SocketSession | null;
  /**
   * The session's new deadline, checked afresh without counting as activity, or null once it has
   * ended: asked for a socket whose session may have expired.
   */
  recheck: (request: FastifyRequest) => Promise<number | null>;
  /** What a socket receives as soon as it opens (e.g. the unread count), so a reconnect resynchronises. */
  greeting?: (userId: number) => Promise<RealtimeMessage | null>;
  limits?: ConnectionLimits;
  /** Channels (staff chat, server log) a socket may join, and how the caller is checked again. */
  channels?: ChannelOptions<V>;
}

/** Browsers always send Origin on a WebSocket handshake; only our own pages may open one. */
function sameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const host = request.headers.host;
  return (
    origin === publicOrigin ||
    (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`))
  );
}

/** The WebSocket upgrade support, on the root instance (so `app.injectWS` exists for tests). */
export async function installWebSocket(app: FastifyInstance) {
  // The client sends only small frames (join, leave, a chat line of at most 500 characters).
  await app.register(websocket, { options: { maxPayload: 4096 } });
}

/**
 * `GET /realtime` (under /api, after installWebSocket): a WebSocket that receives `RealtimeMessage`s for the
 * signed-in user, and those of the channels it joined. The client sends only channel messages (join,
 * leave, send); a frame over 4 KB closes the socket.
 */
export async function realtimeRoutes<V>(app: FastifyInstance, options: RealtimeRouteOptions<V>) {
  const publicOrigin = new URL(options.publicUrl).origin;
  const connections = createConnectionRegistry(app.log, options.limits ?? DEFAULT_CONNECTION_LIMITS);
  const hub = options.channels ? createChannelHub(connections, app.log, options.channels) : null;
  const unsubscribe = options.bus.subscribe((envelope) => {
    if ('session' in envelope) connections.applySessionEvent(envelope.session);
    else if ('userId' in envelope) connections.send(envelope.userId, envelope.message);
    else if ('channel' in envelope) connections.broadcast(envelope.channel, envelope.message);
  });
  // A session that expires (idle or absolute) while its socket is open: found at the next heartbeat.
  const requests = new WeakMap<object, FastifyRequest>();
  const expiryCheck = setInterval(
    () => {
      for (const socket of connections.pastDeadline(Date.now())) {
        const request = requests.get(socket);
        (request ? options.recheck(request) : Promise.resolve(null))
          .then((deadline) => connections.renew(socket, deadline))
          .catch((err: unknown) => app.log.warn({ err }, 'realtime session re-check failed'));
      }
    },
    (options.limits ?? DEFAULT_CONNECTION_LIMITS).heartbeatMs,
  );
  expiryCheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(expiryCheck);
    unsubscribe();
    hub?.stop();
    connections.closeAll();
  });

  app.get(
    '/realtime',
    {
      config: { policy: 'signedIn' },
      websocket: true,
      schema: { hide: true, response: { 101: emptyAnswer('Switching Protocols: the WebSocket') } },
      preValidation: async (request) => {
        if (!sameOrigin(request, publicOrigin)) {
          throw new AppError(403, HTTP_MESSAGES.csrfBlocked);
        }
        if (options.sessionOf(request) === null) throw new AppError(401, HTTP_MESSAGES.signIn);
      },
    },
    (socket, request) => {
      const session = options.sessionOf(request);
      if (session === null) {
        socket.close(1008, 'Not signed in');
        return;
      }
      const { userId } = session;
      requests.set(socket, request);
      connections.add({ ...session }, socket);
      hub?.attach(socket, request);
      options
        .greeting?.(userId)
        .then((message) => {
          if (message && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        })
        .catch((err: unknown) => request.log.warn({ err }, 'realtime greeting failed'));
    },
  );
}
