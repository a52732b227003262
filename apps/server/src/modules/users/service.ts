import { can, type Lang, MESSAGES, type ProfileUpdateInput } from '@ampelos/domain';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { storeAvatar } from '../../platform/images/avatar.ts';
import { keyFromUrl, type Storage } from '../../platform/storage/storage.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { MailService } from '../mail/service.ts';
import type { UserRepository, UserRow } from './repository.ts';

export function createUserService(deps: {
  users: UserRepository;
  storage: Storage;
  mail: MailService;
  publicUrl: string;
}) {
  async function removeAvatarFiles(user: UserRow) {
    for (const url of [user.avatarMd, user.avatarXs]) {
      const key = keyFromUrl(url);
      if (key) await deps.storage.delete(key);
    }
  }

  return {
    /** Own profile, or another user's when the caller may update Users (the client flag alone decides nothing). */
    async updateProfile(auth: AuthContext, input: ProfileUpdateInput) {
      let target = auth.user;
      if (input.uuid && input.uuid !== auth.user.uuid) {
        if (!can(auth.view.permissions, 'update', 'Users')) throw forbidden();
        const other = await deps.users.findByUuid(input.uuid);
        if (!other) throw notFound('User not found');
        target = other;
      }
      const optInChanged =
        input.marketingOptIn !== undefined && input.marketingOptIn !== target.marketingOptIn;
      return deps.users.update(target.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        ...(input.mobile !== undefined && { mobile: input.mobile || null }),
        ...(input.location !== undefined && { location: input.location || null }),
        ...(optInChanged && {
          marketingOptIn: input.marketingOptIn,
          marketingConsentAt: input.marketingOptIn ? new Date() : null,
        }),
      });
    },

    /** Other sessions end; the caller stays signed in. */
    async changePassword(auth: AuthContext, oldPassword: string, newPassword: string) {
      if (!(await verifyPassword(auth.user.passwordHash, oldPassword))) {
        throw badRequest(MESSAGES.currentPasswordWrong, 'oldPassword');
      }
      await deps.users.update(auth.user.id, { passwordHash: await hashPassword(newPassword) });
      await deps.users.deleteSessionsOfUser(auth.user.id, auth.tokenHash);
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
      // Sessions, tokens and addresses go with the row (ON DELETE CASCADE).
      await deps.users.delete(auth.user.id);
    },

    changeLanguage: (auth: AuthContext, lang: Lang) => deps.users.update(auth.user.id, { lang }),

    async uploadAvatar(auth: AuthContext, file: Buffer) {
      const keys = await storeAvatar(deps.storage, `avatars/users/${auth.user.uuid}`, file);
      await removeAvatarFiles(auth.user);
      return deps.users.update(auth.user.id, {
        avatarMd: deps.storage.url(keys.md),
        avatarXs: deps.storage.url(keys.xs),
      });
    },

    async removeAvatar(auth: AuthContext) {
      await removeAvatarFiles(auth.user);
      return deps.users.update(auth.user.id, { avatarMd: null, avatarXs: null });
    },

    /** One-click opt-out from periodic e-mail; the token identifies nothing else. */
    async unsubscribe(token: string): Promise<boolean> {
      const user = await deps.users.findByUnsubscribeToken(token);
      if (!user) return false;
      await deps.users.update(user.id, { marketingOptIn: false, marketingConsentAt: null });
      return true;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
