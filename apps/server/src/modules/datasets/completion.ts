import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import type { DatasetRepository, ReportContext } from './repository.ts';

/**
 * What happens once when a report's analysis is complete: the customer hears "AI Processing
 * completed". Claimed in the database first, so a repeated finalize job never tells them twice
 * (a crash between the claim and the queueing would lose the message: at most once, by choice).
 */
export function createCompletionEffects(deps: {
  repository: DatasetRepository;
  mail: Pick<MailService, 'queue'>;
  notify: Notify;
  publicUrl: string;
}) {
  return async function onReportProcessed({ report, field, owner }: ReportContext) {
    if (!(await deps.repository.claimCompletionNotice(report.id))) return;
    try {
      await deps.mail.queue({
        to: owner.email,
        template: 'report_processed',
        lang: owner.lang === 'el' ? 'el' : 'en',
        firstName: owner.firstName,
        link: field ? `${deps.publicUrl}/fields?field=${field.uuid}` : `${deps.publicUrl}/fields`,
      });
      // Reads "AI Processing completed" (spec section 4)
      await deps.notify([owner.id], 'report_status_update', {
        newStatus: 'complete',
        report: { uuid: report.uuid },
        field: { uuid: field?.uuid ?? null, title: field?.title ?? report.fieldTitle },
      });
    } catch (error) {
      await deps.repository.releaseCompletionNotice(report.id);
      throw error;
    }
  };
}
export type OnReportProcessed = ReturnType<typeof createCompletionEffects>;
