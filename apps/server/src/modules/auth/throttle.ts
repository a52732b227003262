import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ThrottleRepository } from './throttle-repository.ts';

/** The app's one rate-limit answer (platform/http/errors.ts answers @fastify/rate-limit's the same). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
const HOUR_MS = 60 * 60 * 1000;
/** The longest pause of the slowdown before the lock. */
const MAX_SLOWDOWN_MS = 60_000;

export function tooManyAttempts(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(429, TOO_MANY_ATTEMPTS, undefined, { 'retry-after': String(seconds) });
}

export interface LoginGate {
  /** The password was right: the account's count starts over. */
  succeeded(): Promise<void>;
  /** The password was wrong: the error to answer with when this failure slowed or locked the account. */
  failed(): Promise<AppError | null>;
}

/**
 * Limits that hold whatever address a client shows and however many API processes run, kept in
 * the database: wrong passwords per account (a growing pause after `loginSlowdownAfter`, a lock of
 * `loginLockMs` with an e-mail to the owner at `loginLockAfter`), and account e-mails per client
 * address and per mailbox each hour.
 */
export function createAuthThrottle(deps: {
  repository: ThrottleRepository;
  settings: Config['authThrottle'];
  /** Tells the account's owner (when there is one) that sign-in is locked until `until`. */
  onLocked: (email: string, until: Date) => Promise<void>;
  now?: () => Date;
}) {
  const { repository, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const loginKey = (email: string) => `login:${email.trim().toLowerCase()}`;

  return {
    /**
     * Before a password is checked: refused (429) while the account is slowed down or locked, or
     * when a burst of parallel attempts went past the lock threshold. Unknown e-mails are counted
     * the same way, so the answers tell nothing about which accounts exist.
     */
    async beginLogin(email: string): Promise<LoginGate> {
      const key = loginKey(email);
      const moment = now();
      const hit = await repository.hit(key, moment, settings.loginLockMs);
      if (hit.blocked) throw tooManyAttempts(hit.blockedUntil, moment);
      if (hit.count > settings.loginLockAfter)
        throw tooManyAttempts(new Date(moment.getTime() + settings.loginLockMs), moment);
      if (Math.random() < 0.01) await repository.purge(new Date(moment.getTime() - 24 * HOUR_MS), moment);
      return {
        succeeded: () => repository.clear(key),
        async failed() {
          if (hit.count >= settings.loginLockAfter) {
            const until = new Date(moment.getTime() + settings.loginLockMs);
            await repository.block(key, until);
            // Exactly one attempt reaches the threshold (the count is atomic): one e-mail per lock.
            if (hit.count === settings.loginLockAfter) await deps.onLocked(email, until);
            return tooManyAttempts(until, moment);
          }
          if (hit.count >= settings.loginSlowdownAfter) {
            const pause = Math.min(1000 * 2 ** (hit.count - settings.loginSlowdownAfter), MAX_SLOWDOWN_MS);
            await repository.block(key, new Date(moment.getTime() + pause));
          }
          return null;
        },
      };
    },

    /** A password reset proves the mailbox: the account's lock is lifted. */
    clearLogin: (email: string) => repository.clear(loginKey(email)),

    /** One more account e-mail caused by this client address this hour, or 429. */
    async mailFromAddress(ip: string) {
      const moment = now();
      const hit = await repository.hit(`mail-from:${ip}`, moment, HOUR_MS);
      if (hit.blocked) throw tooManyAttempts(hit.blockedUntil, moment);
      if (hit.count > settings.mailsPerAddressPerHour)
        throw tooManyAttempts(new Date(hit.windowStartedAt.getTime() + HOUR_MS), moment);
    },

    /** Whether this mailbox may get one more account e-mail this hour (if not, none is sent, silently). */
    async mayMail(email: string): Promise<boolean> {
      const hit = await repository.hit(`mail-to:${email.trim().toLowerCase()}`, now(), HOUR_MS);
      return !hit.blocked && hit.count <= settings.mailsPerRecipientPerHour;
    },
  };
}
export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
