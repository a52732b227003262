import { isShootManager, type Lang, ROLES } from '@ampelos/domain';
import type { Logger } from '../../platform/logger.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import { renderStaffFailureMail, renderUploaderFailureMail } from './data-failure-mails.ts';
import type { DatasetRepository, DatasetRow, ReportContext } from './repository.ts';

/** Staff told when a dataset fails: those who run operations (admin, operation_admin). */
const OPERATIONS_ROLES = ROLES.filter(isShootManager);
const lang = (value: string): Lang => (value === 'el' ? 'el' : 'en');

/**
 * Fails a dataset that cannot finish (every unit failed, or a pipeline job failed for good) with
 * `message` for the upload panel, and gives its report back to the uploaders: processing_data →
 * the status that awaits data (processing, or processing_pending with a shoot), in one transaction.
 * Then, once: the uploaders (the BYOI customer, or the E2E report's crew) are notified and e-mailed
 * to upload again, and operations staff are notified and e-mailed with the cause. A report already
 * complete is left alone. The side effects are at most once; their failure is logged.
 */
export function createDatasetFailure(deps: {
  repository: DatasetRepository;
  mail: Pick<MailService, 'queueMessage'>;
  notify: Notify;
  publicUrl: string;
  logger: Logger;
}) {
  const { repository } = deps;

  /** Who uploads this report's data again: the customer for BYOI, the shoot's crew for E2E. */
  function uploaderIds({ report, shoot }: ReportContext): number[] {
    if (report.service !== 'e2e') return [report.ownerId];
    return [shoot?.droneAdminId, shoot?.droneOperatorId].filter((id): id is number => typeof id === 'number');
  }

  async function tell(context: ReportContext, dataset: DatasetRow, cause: string) {
    const { report, field } = context;
    const fieldTitle = field?.title ?? report.fieldTitle;
    const uploaders = uploaderIds(context);
    const people = await repository.recipients(uploaders, OPERATIONS_ROLES);
    const staff = people.filter((person) => !uploaders.includes(person.id));
    await deps.notify(
      people.map((person) => person.id),
      'report_status_update',
      {
        newStatus: 'data_failed',
        report: { uuid: report.uuid },
        field: { uuid: field?.uuid ?? null, title: fieldTitle },
      },
    );
    const fieldLink = field ? `${deps.publicUrl}/fields?field=${field.uuid}` : `${deps.publicUrl}/fields`;
    const uploadLink =
      report.service === 'e2e' ? `${deps.publicUrl}/shoots?report=${report.uuid}` : fieldLink;
    for (const person of people.filter((p) => uploaders.includes(p.id))) {
      const message = renderUploaderFailureMail({
        lang: lang(person.lang),
        firstName: person.firstName,
        fieldTitle,
        link: uploadLink,
        publicUrl: deps.publicUrl,
        ...(dataset.message ? { reason: dataset.message } : {}),
      });
      await deps.mail.queueMessage({ to: person.email, template: 'dataset_failed', message });
    }
    const counts = await repository.unitStatusCounts(dataset.id);
    const totalUnits = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const unitError = await repository.firstUnitError(dataset.id);
    for (const person of staff) {
      const message = renderStaffFailureMail({
        lang: lang(person.lang),
        firstName: person.firstName,
        fieldTitle,
        link: fieldLink,
        publicUrl: deps.publicUrl,
        reportLabel: `#${report.uuid.slice(0, 4)}`,
        failedUnits: counts.failed ?? 0,
        totalUnits,
        cause: unitError ? `${cause}: ${unitError.slice(0, 300)}` : cause,
      });
      await deps.mail.queueMessage({ to: person.email, template: 'dataset_failed_staff', message });
    }
  }

  /** `cause` is for staff and the log (English, technical); `message` is the panel's text. */
  return async function failDataset(dataset: DatasetRow, message: string, cause: string) {
    const context = await repository.findReportById(dataset.reportId);
    if (!context || context.report.status === 'complete') return;
    const failed = await repository.failDataset({
      datasetId: dataset.id,
      reportId: context.report.id,
      from: ['validating', 'processing'],
      message,
      hasShoot: context.shoot !== null,
    });
    if (!failed) return;
    deps.logger.warn({ datasetId: dataset.id, reportId: context.report.id, cause }, 'dataset failed');
    try {
      await tell(context, failed, cause);
    } catch (error) {
      deps.logger.error({ err: error, datasetId: dataset.id }, 'dataset failure notice failed');
    }
  };
}
export type FailDataset = ReturnType<typeof createDatasetFailure>;
