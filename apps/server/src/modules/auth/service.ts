import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type Lang, type SignUpInput } from '@ampelos/domain';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { hashToken } from '../../platform/http/crypto.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { BotCheck } from '../../platform/providers/recaptcha.ts';
import type { MailService } from '../mail/service.ts';
import type { UserRepository, UserRow } from '../users/repository.ts';
import { renderAuthNotice } from './auth-mails.ts';
import { mailOneTimeLink } from './one-time-link.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import type { SessionNotices } from './sessions.ts';
import type { AuthThrottle } from './throttle.ts';

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * HOUR_MS;
export const RESET_TOKEN_TTL_MS = HOUR_MS;

export { AUTH_MESSAGES };

interface SignUpData extends Omit<SignUpInput, 'recaptchaResponse' | 'marketingOptIn'> {
  email: string;
  recaptchaResponse: string;
  marketingOptIn: boolean;
}

export function createAuthService(deps: {
  users: UserRepository;
  mail: MailService;
  botCheck: BotCheck;
  throttle: AuthThrottle;
  publicUrl: string;
  sessions: SessionNotices;
}) {
  const { throttle } = deps;

  async function sendVerification(user: UserRow) {
    if (!(await throttle.mayMail(user.email))) return;
    await mailOneTimeLink(deps, user, {
      kind: 'verify_email',
      template: 'verify_email',
      ttlMs: VERIFY_TOKEN_TTL_MS,
    });
  }

  return {
    async signUp(input: SignUpData, remoteIp: string) {
      await throttle.mailFromAddress(remoteIp);
      if (!(await deps.botCheck.verify(input.recaptchaResponse, remoteIp)))
        throw badRequest(AUTH_MESSAGES.botCheckFailed);
      // The same work and answer whether or not the address has an account; its owner is told instead.
      const passwordHash = await hashPassword(input.password);
      const existing = await deps.users.findByEmail(input.email);
      if (existing) {
        if (await throttle.mayMail(existing.email)) {
          await deps.mail.queueMessage({
            to: existing.email,
            template: 'sign_up_existing',
            message: renderAuthNotice('sign_up_existing', {
              lang: existing.lang as Lang,
              firstName: existing.firstName,
              publicUrl: deps.publicUrl,
            }),
          });
        }
        return null;
      }
      const now = new Date();
      // A second sign-up racing the first for the same address meets the unique index: it answers as
      // a known address does (the first one's verification e-mail is on its way), not a 500.
      const user = await deps.users
        .insert({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          passwordHash,
          role: input.role,
          lang: input.lang ?? 'en',
          privacyAcceptedAt: now,
          termsAcceptedAt: now,
          marketingOptIn: input.marketingOptIn,
          marketingConsentAt: input.marketingOptIn ? now : null,
          unsubscribeToken: randomBytes(24).toString('base64url'),
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return null;
          throw error;
        });
      if (!user) return null;
      await sendVerification(user);
      return user;
    },

    /** Same answer for an unknown e-mail and a wrong password, after the same amount of work. */
    async checkCredentials(email: string, password: string): Promise<UserRow> {
      const gate = await throttle.beginLogin(email);
      const user = await deps.users.findByEmail(email);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!user || !valid) throw (await gate.failed()) ?? new AppError(401, AUTH_MESSAGES.badCredentials);
      await gate.succeeded();
      if (!user.emailVerifiedAt) throw new AppError(403, AUTH_MESSAGES.notVerified);
      return user;
    },

    async verifyEmail(token: string) {
      const userId = await deps.users.consumeToken('verify_email', hashToken(token), new Date());
      if (userId === null) throw badRequest(AUTH_MESSAGES.verifyFailed);
      await deps.users.update(userId, { emailVerifiedAt: new Date() });
      await deps.sessions.userChanged(userId);
    },

    async requestPasswordReset(email: string, remoteIp: string) {
      await throttle.mailFromAddress(remoteIp);
      const user = await deps.users.findByEmail(email);
      if (!user || !(await throttle.mayMail(user.email))) return;
      const now = new Date();
      await deps.users.invalidateTokens(user.id, 'password_reset', now);
      await mailOneTimeLink(deps, user, {
        kind: 'password_reset',
        template: 'password_reset',
        ttlMs: RESET_TOKEN_TTL_MS,
        now,
      });
    },

    async resetPassword(token: string, password: string) {
      const userId = await deps.users.consumeToken('password_reset', hashToken(token), new Date());
      if (userId === null) throw badRequest(AUTH_MESSAGES.resetFailed);
      // Whoever can read the mailbox could also verify it: a reset proves the address.
      const user = await deps.users.findById(userId);
      await deps.users.update(userId, {
        passwordHash: await hashPassword(password),
        emailVerifiedAt: user?.emailVerifiedAt ?? new Date(),
      });
      await deps.users.deleteSessionsOfUser(userId);
      await deps.sessions.ended(userId);
      if (user) await throttle.clearLogin(user.email);
    },

    /** The lock e-mail of `createAuthThrottle`: only an existing account has someone to tell. */
    async tellLocked(email: string, until: Date) {
      const user = await deps.users.findByEmail(email);
      if (!user) return;
      await deps.mail.queueMessage({
        to: user.email,
        template: 'account_locked',
        message: renderAuthNotice('account_locked', {
          lang: user.lang as Lang,
          firstName: user.firstName,
          publicUrl: deps.publicUrl,
          minutes: Math.max(1, Math.round((until.getTime() - Date.now()) / 60_000)),
        }),
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
