import type { Lang } from '@ampelos/domain';
import { textsIn } from '../../platform/i18n/index.ts';
import type { Logger } from '../../platform/logger.ts';
import { renderMessage } from '../../platform/mail/templates.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import type { ReportWithContext } from './repository.ts';

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
        const t = textsIn(lang, 'mail');
        const message = renderMessage({
          lang,
          subject: t('reportReady.subject', { field: fieldTitle }),
          greeting: t('greeting', { name: context.owner.firstName }),
          paragraphs: [t('reportReady.body', { field: fieldTitle })],
          action: { label: t('reportReady.action'), link: `${deps.publicUrl}/fields` },
          footer: t('reportReady.footer'),
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
