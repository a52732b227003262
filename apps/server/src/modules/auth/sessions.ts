import type { UserView } from '@ampelos/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { hashToken, newToken } from '../../platform/http/crypto.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { presentUser } from '../users/presenter.ts';
import type { UserRepository, UserRow } from '../users/repository.ts';

export interface AuthContext {
  user: UserRow;
  view: UserView;
  sessionId: number;
  tokenHash: string;
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

export function createSessionManager(deps: { users: UserRepository; config: Config }) {
  const cookieName = deps.config.secureCookies ? '__Host-ampelos_session' : 'ampelos_session';
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.secureCookies,
  };

  async function resolve(token: string | undefined, touch = true): Promise<AuthContext | null> {
    if (!token || token.length > 100) return null;
    const tokenHash = hashToken(token);
    const session = await deps.users.findSession(tokenHash);
    if (!session) return null;
    const now = new Date();
    const idleExpired = now.getTime() - session.lastSeenAt.getTime() > deps.config.sessionIdleMs;
    if (idleExpired || session.expiresAt <= now) {
      await deps.users.deleteSessionById(session.id);
      return null;
    }
    const user = await deps.users.findById(session.userId);
    if (!user || user.deletedAt) return null;
    if (touch && now.getTime() - user.lastActiveAt.getTime() > ACTIVITY_INTERVAL_MS) {
      await deps.users.touchActive(user.id, now);
      user.lastActiveAt = now;
    }
    if (touch && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
      await deps.users.touchSession(session.id, now);
    return { user, view: presentUser(user), sessionId: session.id, tokenHash };
  }

  return {
    cookieName,
    install(app: FastifyInstance) {
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
      if (previous) await deps.users.deleteSession(hashToken(previous));
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
      if (token) await deps.users.deleteSession(hashToken(token));
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
