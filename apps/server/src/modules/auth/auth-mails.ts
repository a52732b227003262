import type { Lang } from '@ampelos/domain';
import { textsIn } from '../../platform/i18n/index.ts';
import { type RenderedEmail, renderMessage } from '../../platform/mail/templates.ts';

/** Each notice's paragraphs, in order, under `mail:authNotices.<notice>`. */
const AUTH_NOTICES = {
  sign_up_existing: ['intro', 'signIn'],
  account_locked: ['intro', 'advice'],
} as const;

/** Security notices about an account, in its owner's language (catalogue `mail:authNotices.*`). */
export type AuthNotice = keyof typeof AUTH_NOTICES;

export function renderAuthNotice(
  notice: AuthNotice,
  input: { lang: Lang; firstName: string; publicUrl: string; minutes?: number },
): RenderedEmail {
  const t = textsIn(input.lang, 'mail');
  const text = (name: string) =>
    t(`authNotices.${notice}.${name}`, { publicUrl: input.publicUrl, minutes: input.minutes ?? 0 });
  return renderMessage({
    lang: input.lang,
    subject: text('subject'),
    greeting: t('greeting', { name: input.firstName }),
    paragraphs: AUTH_NOTICES[notice].map(text),
    action: { label: text('action'), link: `${input.publicUrl}/passwordreset` },
    footer: text('footer'),
    publicUrl: input.publicUrl,
  });
}
