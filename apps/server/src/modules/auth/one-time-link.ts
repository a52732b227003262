import type { Lang } from '@ampelos/domain';
import { hashToken, newToken } from '../../platform/http/crypto.ts';
import type { MailService } from '../mail/service.ts';
import type { UserRepository } from '../users/repository.ts';

type LinkKind = 'verify_email' | 'password_reset';
type LinkTemplate = 'verify_email' | 'password_reset' | 'user_invitation';

/**
 * Mails a person a link that works once: only the token's hash is stored, the token itself travels in
 * the mail. Serves e-mail verification, password reset and staff invitations (a reset link that lives
 * longer).
 */
export async function mailOneTimeLink(
  deps: { users: UserRepository; mail: MailService; publicUrl: string },
  user: { id: number; email: string; lang: string; firstName: string },
  link: { kind: LinkKind; template: LinkTemplate; ttlMs: number; now?: Date },
) {
  const token = newToken();
  const now = link.now ?? new Date();
  await deps.users.insertToken({
    userId: user.id,
    kind: link.kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + link.ttlMs),
  });
  await deps.mail.queue({
    to: user.email,
    template: link.template,
    lang: user.lang as Lang,
    firstName: user.firstName,
    link: `${deps.publicUrl}/${link.kind}/${token}`,
  });
}
