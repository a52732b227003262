import {
  REALTIME_MESSAGES,
  type RealtimeChannel,
  type RealtimeMessage,
  realtimeClientMessageSchema,
} from '@ampelos/domain';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Logger } from '../logger.ts';
import type { ConnectionRegistry } from './connections.ts';

/** Who may be in a channel and what happens with what its members send. */
export interface RealtimeChannelPolicy<V> {
  /** Whether this viewer may receive the channel: checked at join and again every `recheckMs`. */
  mayJoin(viewer: V): boolean;
  /** Sent to a socket right after it joins (e.g. the recent chat messages). */
  welcome?(): RealtimeMessage | null;
  /** A text a member sends to the channel; answers the refusal to show the sender, or null. */
  receive?(viewer: V, text: string): Promise<string | null>;
}

export interface ChannelOptions<V> {
  channels: Partial<Record<RealtimeChannel, RealtimeChannelPolicy<V>>>;
  /** The caller as of now from the request's session (null once signed out or expired). */
  viewerOf: (request: FastifyRequest) => Promise<V | null>;
  /** How often channel members are checked again (signed out, permission taken away). */
  recheckMs?: number;
}

/** 1008 policy violation (RFC 6455). */
const CLOSE_SIGNED_OUT = 1008;

/**
 * Channels on top of the per-user sockets: a client joins or leaves one and sends text to it, each time
 * with its session checked afresh; members are re-checked on a timer, so a sign-out or a lost
 * permission ends the stream within `recheckMs` even if the socket stays open.
 */
export function createChannelHub<V>(
  connections: ConnectionRegistry,
  logger: Logger,
  options: ChannelOptions<V>,
) {
  const requests = new WeakMap<WebSocket, FastifyRequest>();
  const reply = (socket: WebSocket, message: RealtimeMessage) => connections.reply(socket, message);

  async function viewerOrClose(socket: WebSocket): Promise<V | null> {
    const request = requests.get(socket);
    const viewer = request ? await options.viewerOf(request) : null;
    if (!viewer) socket.close(CLOSE_SIGNED_OUT, 'Not signed in');
    return viewer;
  }

  async function handle(socket: WebSocket, raw: RawData, isBinary: boolean) {
    let parsed: unknown = null;
    try {
      parsed = isBinary ? null : JSON.parse(String(raw));
    } catch {
      // answered below as not understood
    }
    const result = realtimeClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      const custom = result.error.issues.find(
        (issue) => issue.code === 'too_big' || issue.code === 'too_small',
      );
      reply(socket, { type: 'error', msg: custom?.message ?? REALTIME_MESSAGES.badMessage });
      return;
    }
    const message = result.data;
    const policy = options.channels[message.channel];
    const viewer = await viewerOrClose(socket);
    if (!viewer) return;
    if (!policy?.mayJoin(viewer)) {
      connections.leave(socket, message.channel);
      reply(socket, {
        type: 'channel',
        channel: message.channel,
        joined: false,
        msg: REALTIME_MESSAGES.notAllowed,
      });
      return;
    }
    switch (message.type) {
      case 'join': {
        connections.join(socket, message.channel);
        reply(socket, { type: 'channel', channel: message.channel, joined: true });
        const welcome = policy.welcome?.();
        if (welcome) reply(socket, welcome);
        return;
      }
      case 'leave':
        connections.leave(socket, message.channel);
        reply(socket, { type: 'channel', channel: message.channel, joined: false });
        return;
      case 'send': {
        const refusal = policy.receive
          ? await policy.receive(viewer, message.text)
          : REALTIME_MESSAGES.notAllowed;
        if (refusal) reply(socket, { type: 'error', msg: refusal });
        return;
      }
    }
  }

  async function recheck() {
    for (const [channel, policy] of Object.entries(options.channels)) {
      for (const { socket } of connections.members(channel)) {
        const viewer = await viewerOrClose(socket);
        if (viewer && !policy?.mayJoin(viewer)) {
          connections.leave(socket, channel);
          reply(socket, {
            type: 'channel',
            channel: channel as RealtimeChannel,
            joined: false,
            msg: REALTIME_MESSAGES.notAllowed,
          });
        }
      }
    }
  }
  const timer = setInterval(() => {
    recheck().catch((err: unknown) => logger.warn({ err }, 'realtime channel re-check failed'));
  }, options.recheckMs ?? 30_000);
  timer.unref();

  return {
    /** Starts listening to what this socket sends. */
    attach(socket: WebSocket, request: FastifyRequest) {
      requests.set(socket, request);
      socket.on('message', (raw, isBinary) => {
        handle(socket, raw, isBinary).catch((err: unknown) => {
          logger.warn({ err }, 'realtime client message failed');
          reply(socket, { type: 'error', msg: REALTIME_MESSAGES.badMessage });
        });
      });
    },
    recheck,
    stop: () => clearInterval(timer),
  };
}
