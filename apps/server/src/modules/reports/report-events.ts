import type { Lang } from '@ampelos/domain';
import type { Logger } from '../../platform/logger.ts';
import { renderMessage } from '../../platform/mail/templates.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import type { ReportWithContext } from './repository.ts';

const READY_COPY = {
  en: {
    subject: (f: string) => `Your Ampelos report for ${f} is ready`,
    greeting: (n: string) => `Hello ${n},`,
    body: (f: string) =>
      `The AI processing of your report for the field "${f}" is complete. The stress map, the layers and the PDF report are on the field's page.`,
    action: 'Open your fields',
    footer: 'You receive this because you bought this report on Ampelos.',
  },
  el: {
    subject: (f: string) => `Η αναφορά σας για το ${f} είναι έτοιμη`,
    greeting: (n: string) => `Γεια σας ${n},`,
    body: (f: string) =>
      `Η επεξεργασία AI της αναφοράς σας για το χωράφι «${f}» ολοκληρώθηκε. Ο χάρτης καταπόνησης, τα επίπεδα και η αναφορά PDF βρίσκονται στη σελίδα του χωραφιού.`,
    action: 'Τα χωράφια σας',
    footer: 'Λαμβάνετε αυτό το μήνυμα επειδή αγοράσατε αυτή την αναφορά στο Ampelos.',
  },
} as const;

/** Tells the report's owner about a status change; a completed report is also e-mailed. */
export function createReportEvents(deps: {
  notify: Notify;
  mail: MailService;
  publicUrl: string;
  logger: Logger;
}) {
  return {
    async statusChanged(context: ReportWithContext, newStatus: string) {
      try {
        const fieldTitle = context.field?.title ?? context.report.fieldTitle;
        await deps.notify([context.owner.id], 'report_status_update', {
          newStatus,
          report: { uuid: context.report.uuid },
          field: { uuid: context.field?.uuid ?? null, title: fieldTitle },
        });
        if (newStatus !== 'complete') return;
        const lang: Lang = context.owner.lang === 'el' ? 'el' : 'en';
        const copy = READY_COPY[lang];
        const message = renderMessage({
          lang,
          subject: copy.subject(fieldTitle),
          greeting: copy.greeting(context.owner.firstName),
          paragraphs: [copy.body(fieldTitle)],
          action: { label: copy.action, link: `${deps.publicUrl}/fields` },
          footer: copy.footer,
          publicUrl: deps.publicUrl,
        });
        await deps.mail.queueMessage({ to: context.owner.email, template: 'report_ready', message });
      } catch (error) {
        deps.logger.error({ err: error }, 'report status event failed');
      }
    },
  };
}
export type ReportEvents = ReturnType<typeof createReportEvents>;
