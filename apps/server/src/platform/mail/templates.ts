import type { Lang } from '@ampelos/domain';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface TemplateContext {
  firstName: string;
  link: string;
  publicUrl: string;
}

type TemplateName =
  | 'verify_email'
  | 'password_reset'
  | 'password_changed'
  | 'user_invitation'
  | 'report_processed'
  | 'data_export_ready';
type Copy = {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  footer: string;
};

const COPY: Record<TemplateName, Record<Lang, Copy>> = {
  data_export_ready: {
    en: {
      subject: 'Your Ampelos data is ready to download',
      greeting: (n) => `Hello ${n},`,
      body: 'The copy of your data you asked for is ready: a zip with a JSON document of your account, fields, orders, reports and notifications, and your files. Sign in and download it from your settings; it is kept for a few days.',
      action: 'Open your settings',
      footer: 'If you did not ask for a copy of your data, change your password.',
    },
    el: {
      subject: 'Τα δεδομένα σας στο Ampelos είναι έτοιμα για λήψη',
      greeting: (n) => `Γεια σας ${n},`,
      body: 'Το αντίγραφο των δεδομένων σας που ζητήσατε είναι έτοιμο: ένα zip με ένα έγγραφο JSON του λογαριασμού, των αγροτεμαχίων, των παραγγελιών, των αναφορών και των ειδοποιήσεών σας, και τα αρχεία σας. Συνδεθείτε και κατεβάστε το από τις ρυθμίσεις σας· διατηρείται για λίγες ημέρες.',
      action: 'Άνοιγμα ρυθμίσεων',
      footer: 'Αν δεν ζητήσατε αντίγραφο των δεδομένων σας, αλλάξτε τον κωδικό σας.',
    },
  },
  user_invitation: {
    en: {
      subject: 'You have been invited to Ampelos',
      greeting: (n) => `Hello ${n},`,
      body: 'An Ampelos account was created for you. Choose a password to sign in; the link is valid for 7 days and can be used once.',
      action: 'Choose your password',
      footer: 'If you were not expecting this invitation, you can ignore this message.',
    },
    el: {
      subject: 'Έχετε προσκληθεί στο Ampelos',
      greeting: (n) => `Γεια σας ${n},`,
      body: 'Δημιουργήθηκε για εσάς λογαριασμός στο Ampelos. Ορίστε κωδικό για να συνδεθείτε· ο σύνδεσμος ισχύει για 7 ημέρες και χρησιμοποιείται μία φορά.',
      action: 'Ορισμός κωδικού',
      footer: 'Αν δεν περιμένατε αυτή την πρόσκληση, αγνοήστε αυτό το μήνυμα.',
    },
  },
  verify_email: {
    en: {
      subject: 'Verify your Ampelos e-mail address',
      greeting: (n) => `Hello ${n},`,
      body: 'Welcome to Ampelos. Please confirm your e-mail address to activate your account. The link is valid for 24 hours.',
      action: 'Verify e-mail',
      footer: 'If you did not create an account, you can ignore this message.',
    },
    el: {
      subject: 'Επιβεβαιώστε το e-mail σας στο Ampelos',
      greeting: (n) => `Γεια σας ${n},`,
      body: 'Καλώς ήρθατε στο Ampelos. Επιβεβαιώστε τη διεύθυνση e-mail σας για να ενεργοποιήσετε τον λογαριασμό σας. Ο σύνδεσμος ισχύει για 24 ώρες.',
      action: 'Επιβεβαίωση e-mail',
      footer: 'Αν δεν δημιουργήσατε λογαριασμό, αγνοήστε αυτό το μήνυμα.',
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your Ampelos password',
      greeting: (n) => `Hello ${n},`,
      body: 'We received a request to reset your password. The link is valid for 1 hour and can be used once.',
      action: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this message: your password stays the same.',
    },
    el: {
      subject: 'Επαναφορά κωδικού Ampelos',
      greeting: (n) => `Γεια σας ${n},`,
      body: 'Λάβαμε αίτημα επαναφοράς του κωδικού σας. Ο σύνδεσμος ισχύει για 1 ώρα και χρησιμοποιείται μία φορά.',
      action: 'Ορισμός νέου κωδικού',
      footer: 'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα: ο κωδικός σας δεν αλλάζει.',
    },
  },
  report_processed: {
    en: {
      subject: 'AI Processing completed',
      greeting: (n) => `Hello ${n},`,
      body: 'The analysis of the images uploaded for your report is complete. Open the field to see the stressed plants on the map and download the PDF report.',
      action: 'Open the report',
      footer: 'You receive this message because you bought this report on Ampelos.',
    },
    el: {
      subject: 'Η επεξεργασία AI ολοκληρώθηκε',
      greeting: (n) => `Γεια σας ${n},`,
      body: 'Η ανάλυση των εικόνων που ανέβηκαν για την αναφορά σας ολοκληρώθηκε. Ανοίξτε το αγροτεμάχιο για να δείτε τα καταπονημένα φυτά στον χάρτη και να κατεβάσετε την αναφορά PDF.',
      action: 'Άνοιγμα αναφοράς',
      footer: 'Λαμβάνετε αυτό το μήνυμα επειδή αγοράσατε αυτή την αναφορά στο Ampelos.',
    },
  },
  password_changed: {
    en: {
      subject: 'Your Ampelos password was changed',
      greeting: (n) => `Hello ${n},`,
      body: 'Your password was just changed and every other session was signed out. If this was not you, reset your password now.',
      action: 'Reset password',
      footer: 'This is a security notice about your account.',
    },
    el: {
      subject: 'Ο κωδικός σας στο Ampelos άλλαξε',
      greeting: (n) => `Γεια σας ${n},`,
      body: 'Ο κωδικός σας μόλις άλλαξε και όλες οι άλλες συνδέσεις τερματίστηκαν. Αν δεν ήσασταν εσείς, επαναφέρετε τον κωδικό σας τώρα.',
      action: 'Επαναφορά κωδικού',
      footer: 'Πρόκειται για ειδοποίηση ασφαλείας του λογαριασμού σας.',
    },
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function renderEmail(template: TemplateName, lang: Lang, ctx: TemplateContext): RenderedEmail {
  const copy = COPY[template][lang];
  const text = [
    copy.greeting(ctx.firstName),
    '',
    copy.body,
    '',
    `${copy.action}: ${ctx.link}`,
    '',
    copy.footer,
    '',
    `Ampelos — ${ctx.publicUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#1f2d1f">
<p>${escapeHtml(copy.greeting(ctx.firstName))}</p><p>${escapeHtml(copy.body)}</p>
<p><a href="${escapeHtml(ctx.link)}" style="background:#4c7a34;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p style="font-size:13px">${escapeHtml(ctx.link)}</p><p style="color:#666;font-size:13px">${escapeHtml(copy.footer)}</p>
</body></html>`;
  return { subject: copy.subject, text, html };
}

export type { TemplateName };

/** A message composed by a feature (e.g. an order summary) in the same frame as the templates above. */
export interface MessageParts {
  lang: Lang;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A two-column table (label, value); a row marked strong is bold. */
  rows?: { label: string; value: string; strong?: boolean }[];
  /** Paragraphs after the table. */
  after?: string[];
  action: { label: string; link: string };
  footer: string;
  publicUrl: string;
}

export function renderMessage(parts: MessageParts): RenderedEmail {
  const rows = parts.rows ?? [];
  const after = parts.after ?? [];
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(rows.length ? [...rows.map((row) => `${row.label}: ${row.value}`), ''] : []),
    ...after.flatMap((p) => [p, '']),
    `${parts.action.label}: ${parts.action.link}`,
    '',
    parts.footer,
    '',
    `Ampelos — ${parts.publicUrl}`,
  ].join('\n');
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  const table = rows.length
    ? `<table style="border-collapse:collapse;font-size:14px">${rows
        .map((row) => {
          const weight = row.strong ? 'font-weight:bold;' : '';
          return `<tr><td style="${weight}padding:3px 16px 3px 0">${escapeHtml(row.label)}</td><td style="${weight}padding:3px 0;text-align:right;white-space:nowrap">${escapeHtml(row.value)}</td></tr>`;
        })
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html lang="${parts.lang}"><body style="font-family:sans-serif;color:#1f2d1f">
${paragraph(parts.greeting)}${parts.paragraphs.map(paragraph).join('')}
${table}${after.map(paragraph).join('')}
<p><a href="${escapeHtml(parts.action.link)}" style="background:#4c7a34;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:13px">${escapeHtml(parts.action.link)}</p><p style="color:#666;font-size:13px">${escapeHtml(parts.footer)}</p>
</body></html>`;
  return { subject: parts.subject, text, html };
}
