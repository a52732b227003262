import { describe, expect, it } from 'vitest';
import { renderAuthNotice } from '../../modules/auth/auth-mails.ts';
import { renderEmail } from './templates.ts';

const context = {
  firstName: 'Maria',
  link: 'https://ampelos.test/verify?token=abc',
  publicUrl: 'https://ampelos.test',
};

describe('e-mail templates from the catalogue', () => {
  it('write an English message with the greeting, body, action link and footer', () => {
    const mail = renderEmail('verify_email', 'en', context);
    expect(mail.subject).toBe('Verify your Ampelos e-mail address');
    expect(mail.text.split('\n')).toEqual([
      'Hello Maria,',
      '',
      'Welcome to Ampelos. Please confirm your e-mail address to activate your account. The link is valid for 24 hours.',
      '',
      'Verify e-mail: https://ampelos.test/verify?token=abc',
      '',
      'If you did not create an account, you can ignore this message.',
      '',
      'Ampelos — https://ampelos.test',
    ]);
    expect(mail.html).toContain('<html lang="en">');
  });

  it('write the Greek message in Greek', () => {
    const mail = renderEmail('password_reset', 'el', context);
    expect(mail.subject).toBe('Επαναφορά κωδικού Ampelos');
    expect(mail.text).toContain('Γεια σας Maria,');
    expect(mail.html).toContain('Ορισμός νέου κωδικού');
  });

  it('escape the name in HTML but not in the plain text', () => {
    const mail = renderEmail('user_invitation', 'en', { ...context, firstName: '<b>Eve</b>' });
    expect(mail.text).toContain('Hello <b>Eve</b>,');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
  });

  it('fill the parameters of a security notice', () => {
    const mail = renderAuthNotice('account_locked', {
      lang: 'el',
      firstName: 'Νίκος',
      publicUrl: context.publicUrl,
      minutes: 15,
    });
    expect(mail.subject).toBe('Η σύνδεση στον λογαριασμό σας στο Ampelos διακόπηκε προσωρινά');
    expect(mail.text).toContain('διακόψαμε τη σύνδεση για 15 λεπτά');
    const existing = renderAuthNotice('sign_up_existing', {
      lang: 'en',
      firstName: 'Ann',
      publicUrl: context.publicUrl,
    });
    expect(existing.text).toContain('Sign in at https://ampelos.test/login, or reset your password');
  });
});
