import {
  type FieldShootView,
  isReportStatus,
  mayGiveAvailability,
  REPORT_ACTION_STAFF,
  REPORT_STATUSES_HIDING_VALIDITY,
  type ReportStatus,
  type ReportView,
  type Role,
  type ShootView,
} from '@ampelos/domain';

/** The i18n key of a report status label (spec section 4); anything else reads "Unknown Status". */
export function reportStatusKey(status: unknown): string {
  return isReportStatus(status) ? `reports.status.${status}` : 'reports.status.unknown';
}

const STATUS_COLOURS: Record<ReportStatus, string> = {
  pending: 'gray',
  pending_payment: 'yellow',
  processing: 'blue',
  processing_pending: 'orange',
  processing_data: 'violet',
  complete: 'green',
};

export function reportStatusColour(status: unknown): string {
  return isReportStatus(status) ? STATUS_COLOURS[status] : 'gray';
}

/** The Valid from / Valid to rows are hidden in processing_pending, processing_data and complete. */
export function showsValidity(status: unknown): boolean {
  return !(REPORT_STATUSES_HIDING_VALIDITY as readonly unknown[]).includes(status);
}

/** Now lies between validFrom and validTo (a missing end is open, as the server reads it). */
export function withinValidity(report: Pick<ReportView, 'validFrom' | 'validTo'>, now: Date): boolean {
  const at = now.getTime();
  const from = report.validFrom ? Date.parse(report.validFrom) : Number.NEGATIVE_INFINITY;
  const to = report.validTo ? Date.parse(report.validTo) : Number.POSITIVE_INFINITY;
  return from <= at && at <= to;
}

// How a report is named lives in the domain: the fields picker names reports the same way.
export { type ReportName, reportName } from '@ampelos/domain';

/**
 * The action a report offers (spec sections 4 and 6):
 * - `schedule`: "Schedule Shoot" for an E2E report in processing (or changing the availability while
 *   the server still allows it);
 * - `scheduling-fixed`: "Scheduling Shoot Dates" with the note that the provider is searching for
 *   dates: fixed scheduling is in effect and nobody acts here;
 * - `awaiting-data`: a Bring Your Own Images report in processing waits for the upload.
 * The button shows only while now is between validFrom and validTo, except for admin,
 * financial_admin and operation_admin, who can always use it.
 */
export type ReportAction =
  | { kind: 'schedule'; change: boolean }
  | { kind: 'scheduling-fixed' }
  | { kind: 'awaiting-data' };

export interface ReportActionInput {
  report: Pick<ReportView, 'service' | 'status' | 'validFrom' | 'validTo'>;
  /** The report's shoot as the server sent it (with the caller's `actions`), or null before one exists. */
  shoot: Pick<ShootView, 'scheduleType' | 'status' | 'actions'> | null;
  role: Role;
  now: Date;
}

export function reportAction({ report, shoot, role, now }: ReportActionInput): ReportAction | null {
  const staff = REPORT_ACTION_STAFF.includes(role);
  if (!staff && !withinValidity(report, now)) return null;
  if (report.service === 'manual') {
    return report.status === 'processing' ? { kind: 'awaiting-data' } : null;
  }
  const scheduling = report.status === 'processing' || report.status === 'processing_pending';
  if (!scheduling) return null;
  if (shoot?.scheduleType === 'fixed' && shoot.status !== 'complete') return { kind: 'scheduling-fixed' };
  if (report.status === 'processing' && !shoot) {
    return mayGiveAvailability(role) ? { kind: 'schedule', change: false } : null;
  }
  return shoot?.actions.updateAvailability ? { kind: 'schedule', change: true } : null;
}

/** The shoot of a report among `GET /fields` shootData (the shoots of the listed fields). */
export function shootOfReport(
  shootData: readonly FieldShootView[] | undefined,
  reportUuid: string,
): FieldShootView | null {
  return shootData?.find((shoot) => shoot.report.uuid === reportUuid) ?? null;
}
