import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { createBotCheck } from '../../platform/providers/recaptcha.ts';
import type { RealtimeBus } from '../../platform/realtime/bus.ts';
import type { MailService } from '../mail/service.ts';
import type { UserRepository } from '../users/repository.ts';
import { authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';
import { createSessionManager } from './sessions.ts';
import { createAuthThrottle } from './throttle.ts';
import { createThrottleRepository } from './throttle-repository.ts';

/** Sign-up, sign-in and sessions; `sessions` is every other module's way to the caller. */
export function createAuthModule(deps: {
  config: Config;
  database: Database;
  users: UserRepository;
  mail: MailService;
  bus: RealtimeBus;
  logger: Logger;
}) {
  const { config } = deps;
  const sessions = createSessionManager({ users: deps.users, config, bus: deps.bus, logger: deps.logger });
  const throttle = createAuthThrottle({
    repository: createThrottleRepository(deps.database.db),
    settings: config.authThrottle,
    onLocked: (email, until) => auth.tellLocked(email, until),
  });
  const auth = createAuthService({
    users: deps.users,
    mail: deps.mail,
    throttle,
    botCheck: createBotCheck({ secret: config.recaptchaSecret, logger: deps.logger }),
    publicUrl: config.publicUrl,
    sessions: sessions.notices,
  });
  return {
    sessions,
    async routes(api: FastifyInstance) {
      await api.register(authRoutes, {
        auth,
        sessions,
        rateLimitPerMinute: config.authRateLimitPerMinute,
        rateLimitWindowMs: config.authRateLimitWindowMs,
      });
    },
  };
}
