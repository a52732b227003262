import type { Lang } from '@ampelos/domain';
import { type RenderedEmail, renderMessage } from '../../platform/mail/templates.ts';

/** Security notices about an account, in its owner's language (English and Greek). */
const COPY = {
  sign_up_existing: {
    en: {
      subject: 'Someone tried to create an Ampelos account with your e-mail',
      greeting: (name: string) => `Hello ${name},`,
      paragraphs: (publicUrl: string) => [
        'Someone (perhaps you) tried to create a new Ampelos account with this e-mail address. You already have an account, so no new one was created.',
        `Sign in at ${publicUrl}/login, or reset your password if you no longer know it.`,
      ],
      action: 'Reset your password',
      footer: 'If this was not you, you can ignore this message: nothing changed in your account.',
    },
    el: {
      subject: 'Κάποιος προσπάθησε να δημιουργήσει λογαριασμό Ampelos με το e-mail σας',
      greeting: (name: string) => `Γεια σας ${name},`,
      paragraphs: (publicUrl: string) => [
        'Κάποιος (ίσως εσείς) προσπάθησε να δημιουργήσει νέο λογαριασμό Ampelos με αυτή τη διεύθυνση e-mail. Έχετε ήδη λογαριασμό, οπότε δεν δημιουργήθηκε νέος.',
        `Συνδεθείτε στο ${publicUrl}/login ή επαναφέρετε τον κωδικό σας αν δεν τον θυμάστε.`,
      ],
      action: 'Επαναφορά κωδικού',
      footer: 'Αν δεν ήσασταν εσείς, αγνοήστε αυτό το μήνυμα: τίποτα δεν άλλαξε στον λογαριασμό σας.',
    },
  },
  account_locked: {
    en: {
      subject: 'Sign-in to your Ampelos account is paused',
      greeting: (name: string) => `Hello ${name},`,
      paragraphs: (_publicUrl: string, minutes: number) => [
        `There were several sign-in attempts with a wrong password on your account, so we paused sign-in for ${minutes} minutes. After that you can sign in as usual.`,
        'If this was not you, someone may be guessing your password. Your account is safe while sign-in is paused; choosing a new password now ends the pause at once.',
      ],
      action: 'Choose a new password',
      footer: 'This is a security notice about your account.',
    },
    el: {
      subject: 'Η σύνδεση στον λογαριασμό σας στο Ampelos διακόπηκε προσωρινά',
      greeting: (name: string) => `Γεια σας ${name},`,
      paragraphs: (_publicUrl: string, minutes: number) => [
        `Έγιναν αρκετές προσπάθειες σύνδεσης με λάθος κωδικό στον λογαριασμό σας, γι' αυτό διακόψαμε τη σύνδεση για ${minutes} λεπτά. Μετά μπορείτε να συνδεθείτε κανονικά.`,
        'Αν δεν ήσασταν εσείς, κάποιος ίσως προσπαθεί να μαντέψει τον κωδικό σας. Ο λογαριασμός σας είναι ασφαλής όσο η σύνδεση είναι σε παύση· αν ορίσετε νέο κωδικό τώρα, η παύση λήγει αμέσως.',
      ],
      action: 'Ορισμός νέου κωδικού',
      footer: 'Πρόκειται για ειδοποίηση ασφαλείας του λογαριασμού σας.',
    },
  },
} as const;

export type AuthNotice = keyof typeof COPY;

export function renderAuthNotice(
  notice: AuthNotice,
  input: { lang: Lang; firstName: string; publicUrl: string; minutes?: number },
): RenderedEmail {
  const copy = COPY[notice][input.lang];
  return renderMessage({
    lang: input.lang,
    subject: copy.subject,
    greeting: copy.greeting(input.firstName),
    paragraphs: [...copy.paragraphs(input.publicUrl, input.minutes ?? 0)],
    action: { label: copy.action, link: `${input.publicUrl}/passwordreset` },
    footer: copy.footer,
    publicUrl: input.publicUrl,
  });
}
