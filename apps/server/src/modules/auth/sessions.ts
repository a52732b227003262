import type { UserView } from '@ampelos/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { hashToken, newToken } from '../../platform/http/crypto.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { RealtimeBus, SessionEvent } from '../../platform/realtime/bus.ts';
import { presentUser } from '../users/presenter.ts';
import type { SessionUser, UserRepository } from '../users/repository.ts';
import { createSessionCache, DEFAULT_SESSION_CACHE, type SessionCacheOptions } from './session-cache.ts';

export interface AuthContext {
  /** Only the columns a request needs (no password hash: the use cases that check it read it). */
  user: SessionUser;
  view: UserView;
  sessionId: number;
  tokenHash: string;
  /** When the session ends unless used again (idle limit or absolute expiry, whichever is first), ms. */
  deadline: number;
}

/** What other modules tell the sessions when they end some or change a user (every process hears it). */
export interface SessionNotices {
  /** Sessions ended: all of the user's, or those listed, or all but one (a password change). */
  ended(userId: number, which?: { sessionIds?: number[]; exceptSessionId?: number }): Promise<void>;
  /** The user's row changed; `access` when their role or company did. */
  userChanged(userId: number, access?: boolean): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

// Updating last-seen on every request would write on every read; once a minute is enough for idle expiry.
const TOUCH_INTERVAL_MS = 60_000;
// The 6-year retention counts in days: one write per user and day records that they are active.
const ACTIVITY_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function createSessionManager(deps: {
  users: UserRepository;
  config: Config;
  bus: RealtimeBus;
  logger: Logger;
  cache?: SessionCacheOptions;
}) {
  const cache = createSessionCache(deps.cache ?? DEFAULT_SESSION_CACHE);
  const unsubscribe = deps.bus.subscribe((envelope) => {
    if ('session' in envelope) cache.apply(envelope.session);
  });

  /** Applied here at once (the next request of this process sees it), then sent to every process. */
  async function announce(event: SessionEvent) {
    cache.apply(event);
    try {
      await deps.bus.publish({ session: event });
    } catch (err) {
      // The change itself is stored: other processes' caches expire on their own within the TTL.
      deps.logger.error({ err }, 'a session event could not be sent to the other processes');
    }
  }
  const notices: SessionNotices = {
    ended: (userId, which = {}) => announce({ kind: 'ended', userId, ...which }),
    userChanged: (userId, access = false) => announce({ kind: 'changed', userId, access }),
  };

  const cookieName = deps.config.secureCookies ? '__Host-ampelos_session' : 'ampelos_session';
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.secureCookies,
  };

  async function lookUp(tokenHash: string) {
    const cached = cache.get(tokenHash);
    if (cached) return cached;
    const readEpoch = cache.epoch();
    const found = await deps.users.findSessionWithUser(tokenHash);
    if (!found) return null;
    const entry = { found, view: presentUser(found.user) };
    cache.set(tokenHash, entry, readEpoch);
    return entry;
  }

  async function resolve(token: string | undefined, touch = true): Promise<AuthContext | null> {
    if (!token || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const entry = await lookUp(tokenHash);
    if (!entry) return null;
    const { found, view } = entry;
    const now = new Date();
    const idleExpired = now.getTime() - found.lastSeenAt.getTime() > deps.config.sessionIdleMs;
    if (idleExpired || found.expiresAt <= now) {
      await deps.users.deleteSessionById(found.sessionId);
      await notices.ended(found.user.id, { sessionIds: [found.sessionId] });
      return null;
    }
    // The cached entry is updated with what was written, so it is written once per interval.
    if (touch && now.getTime() - found.user.lastActiveAt.getTime() > ACTIVITY_INTERVAL_MS) {
      found.user.lastActiveAt = now;
      await deps.users.touchActive(found.user.id, now);
    }
    if (touch && now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      found.lastSeenAt = now;
      await deps.users.touchSession(found.sessionId, now);
    }
    const deadline = Math.min(
      found.expiresAt.getTime(),
      found.lastSeenAt.getTime() + deps.config.sessionIdleMs,
    );
    return { user: found.user, view, sessionId: found.sessionId, tokenHash, deadline };
  }

  async function endSession(tokenHash: string) {
    const ended = await deps.users.deleteSession(tokenHash);
    cache.delete(tokenHash);
    if (ended) await notices.ended(ended.userId, { sessionIds: [ended.id] });
  }

  return {
    cookieName,
    notices,
    install(app: FastifyInstance) {
      app.addHook('onClose', async () => unsubscribe());
      app.decorateRequest('auth', null);
      app.addHook('onRequest', async (request) => {
        if (!request.url.startsWith('/api/')) return;
        request.auth = await resolve(request.cookies[cookieName]);
      });
    },
    /**
     * The request's session as of now, without counting as activity: a long-lived socket re-checks its
     * user with it (signed out, expired, role changed) but does not keep the session alive.
     */
    current: (request: FastifyRequest) => resolve(request.cookies[cookieName], false),
    /** A fresh token at every login: a session id planted before login is never promoted. */
    async start(reply: FastifyReply, request: FastifyRequest, userId: number) {
      const previous = request.cookies[cookieName];
      if (previous) await endSession(hashToken(previous));
      const token = newToken();
      const now = new Date();
      await deps.users.touchActive(userId, now);
      await deps.users.insertSession({
        tokenHash: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + deps.config.sessionAbsoluteMs),
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      reply.setCookie(cookieName, token, {
        ...cookieOptions,
        maxAge: Math.floor(deps.config.sessionAbsoluteMs / 1000),
      });
    },
    async end(reply: FastifyReply, request: FastifyRequest) {
      const token = request.cookies[cookieName];
      if (token) await endSession(hashToken(token));
      reply.clearCookie(cookieName, cookieOptions);
    },
    clearCookie(reply: FastifyReply) {
      reply.clearCookie(cookieName, cookieOptions);
    },
  };
}
export type SessionManager = ReturnType<typeof createSessionManager>;

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
