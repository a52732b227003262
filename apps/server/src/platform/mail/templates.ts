import type { Lang } from '@ampelos/domain';
import { textsIn } from '../i18n/index.ts';

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
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The copy of a template in one language, from the catalogue's `mail:templates.*`. */
function copyOf(template: TemplateName, lang: Lang) {
  const t = textsIn(lang, 'mail');
  const field = (name: string) => t(`templates.${template}.${name}`);
  return {
    subject: field('subject'),
    body: field('body'),
    action: field('action'),
    footer: field('footer'),
    t,
  };
}

export function renderEmail(template: TemplateName, lang: Lang, ctx: TemplateContext): RenderedEmail {
  const copy = copyOf(template, lang);
  const greeting = copy.t('greeting', { name: ctx.firstName });
  const text = [
    greeting,
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
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(copy.body)}</p>
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
