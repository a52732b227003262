import { reportPickable } from '@ampelos/domain';

interface ChoosableReport {
  uuid: string;
  status: string;
  validFrom: string | null;
  updatedAt: string;
}

const updated = (report: { updatedAt: string }) => Date.parse(report.updatedAt) || 0;

/** The reports a field offers in its picker (validity started, or just bought), newest first. */
export function pickableReports<R extends ChoosableReport>(reports: readonly R[], now: Date): R[] {
  return reports.filter((report) => reportPickable(report, now)).sort((a, b) => updated(b) - updated(a));
}

/** The active report: the one chosen while it is still offered, else the first of the list. */
export function activeReportUuid(list: readonly { uuid: string }[], chosen: string | null): string | null {
  if (chosen && list.some((report) => report.uuid === chosen)) return chosen;
  return list[0]?.uuid ?? null;
}
