import { type Lang, MESSAGES, OPERATIONS_MESSAGES, type ProfileUpdateInput } from '@ampelos/domain';
import { badRequest, forbidden } from '../../platform/http/errors.ts';
import { storeAvatar } from '../../platform/images/avatar.ts';
import { keyFromUrl, type Storage } from '../../platform/storage/storage.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AuthContext, SessionNotices } from '../auth/sessions.ts';
import type { MailService } from '../mail/service.ts';
import type { SessionUser, UserRepository } from './repository.ts';

export function createUserService(deps: {
  users: UserRepository;
  storage: Storage;
  mail: MailService;
  publicUrl: string;
  sessions: SessionNotices;
}) {
  /** Every change to the signed-in user's row: the cached sessions of every process drop it. */
  async function updated<T>(userId: number, write: Promise<T>): Promise<T> {
    const result = await write;
    await deps.sessions.userChanged(userId);
    return result;
  }

  async function removeAvatarFiles(user: Pick<SessionUser, 'avatarMd' | 'avatarXs'>) {
    for (const url of [user.avatarMd, user.avatarXs]) {
      const key = keyFromUrl(url);
      if (key) await deps.storage.delete(key);
    }
  }

  return {
    /**
     * The caller's own profile (another user's goes through the user administration service; the
     * client's updateOtherUser flag alone decides nothing). Nobody changes their own role or company.
     */
    async updateProfile(auth: AuthContext, input: ProfileUpdateInput) {
      const target = auth.user;
      if (input.role !== undefined && input.role !== target.role) {
        throw forbidden(OPERATIONS_MESSAGES.ownRoleChange);
      }
      if (input.companyId !== undefined && input.companyId !== target.companyId) throw forbidden();
      const optInChanged =
        input.marketingOptIn !== undefined && input.marketingOptIn !== target.marketingOptIn;
      return updated(
        target.id,
        deps.users.update(target.id, {
          firstName: input.firstName,
          lastName: input.lastName,
          ...(input.mobile !== undefined && { mobile: input.mobile || null }),
          ...(input.location !== undefined && { location: input.location || null }),
          ...(optInChanged && {
            marketingOptIn: input.marketingOptIn,
            marketingConsentAt: input.marketingOptIn ? new Date() : null,
          }),
        }),
      );
    },

    /** Other sessions end; the caller stays signed in. */
    async changePassword(auth: AuthContext, oldPassword: string, newPassword: string) {
      const passwordHash = (await deps.users.passwordHashOf(auth.user.id)) ?? '';
      if (!(await verifyPassword(passwordHash, oldPassword))) {
        throw badRequest(MESSAGES.currentPasswordWrong, 'oldPassword');
      }
      await deps.users.update(auth.user.id, { passwordHash: await hashPassword(newPassword) });
      await deps.users.deleteSessionsOfUser(auth.user.id, auth.tokenHash);
      await deps.sessions.ended(auth.user.id, { exceptSessionId: auth.sessionId });
      await deps.mail.queue({
        to: auth.user.email,
        template: 'password_changed',
        lang: auth.user.lang as Lang,
        firstName: auth.user.firstName,
        link: `${deps.publicUrl}/passwordreset`,
      });
    },

    async deleteAccount(auth: AuthContext, typedEmail: string) {
      if (typedEmail !== auth.user.email) throw badRequest(MESSAGES.deleteAccountEmailMismatch, 'email');
      await removeAvatarFiles(auth.user);
      // Closed now, purged 60 days later; orders stay for the invoices the law keeps (docs/decisions/accounts.md).
      await deps.users.close(auth.user.id, new Date());
      await deps.sessions.ended(auth.user.id);
    },

    changeLanguage: (auth: AuthContext, lang: Lang) =>
      updated(auth.user.id, deps.users.update(auth.user.id, { lang })),

    async uploadAvatar(auth: AuthContext, file: Buffer) {
      const keys = await storeAvatar(deps.storage, `avatars/users/${auth.user.uuid}`, file);
      await removeAvatarFiles(auth.user);
      return updated(
        auth.user.id,
        deps.users.update(auth.user.id, {
          avatarMd: deps.storage.url(keys.md),
          avatarXs: deps.storage.url(keys.xs),
        }),
      );
    },

    async removeAvatar(auth: AuthContext) {
      await removeAvatarFiles(auth.user);
      return updated(auth.user.id, deps.users.update(auth.user.id, { avatarMd: null, avatarXs: null }));
    },

    /** One-click opt-out from periodic e-mail; the token identifies nothing else. */
    async unsubscribe(token: string): Promise<boolean> {
      const user = await deps.users.findByUnsubscribeToken(token);
      if (!user) return false;
      await updated(user.id, deps.users.update(user.id, { marketingOptIn: false, marketingConsentAt: null }));
      return true;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
