import type { MailService } from '../mail/service.ts';
import type { DatasetRepository, ReportContext } from './repository.ts';

/**
 * What happens once when a report's analysis is complete: the customer hears "AI Processing
 * completed". Claimed in the database first, so a repeated finalize job never tells them twice
 * (a crash between the claim and the queueing would lose the message: at most once, by choice).
 */
export function createCompletionEffects(deps: {
  repository: DatasetRepository;
  mail: Pick<MailService, 'queue'>;
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
      // NOTIFICATIONS (wired by the lead at merge): create the in-app notification here, e.g.
      // notifications.create({ type: 'report_status_update', userId: owner.id,
      //   details: { newStatus: 'complete', field } }) — spec text "AI Processing completed".
    } catch (error) {
      await deps.repository.releaseCompletionNotice(report.id);
      throw error;
    }
  };
}
export type OnReportProcessed = ReturnType<typeof createCompletionEffects>;
