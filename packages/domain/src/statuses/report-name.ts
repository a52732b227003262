import type { ReportStatus } from './report-status.ts';

/**
 * How a report is named everywhere (the report panel, the field's report picker): a completed report
 * by its final shoot day or its processing date, any other by "#" and the first 4 characters of its
 * uuid.
 */
export type ReportName = { kind: 'date'; date: string } | { kind: 'id'; text: string };

export function reportName(
  report: { uuid: string; status: ReportStatus | string; processedAt?: string | null },
  shoot: { shootDays: { final: string | null } | null } | null,
): ReportName {
  if (report.status === 'complete') {
    const date = shoot?.shootDays?.final ?? report.processedAt ?? null;
    if (date) return { kind: 'date', date };
  }
  return { kind: 'id', text: `#${report.uuid.slice(0, 4)}` };
}

/**
 * Whether a report is offered on its field (the report picker): one whose validity has started, or
 * one just bought and awaiting payment (no validity yet: the panel says what to do next). Reports in
 * the cart, and paid ones whose validity starts later, are not offered.
 */
export function reportPickable(
  report: { status: ReportStatus | string; validFrom: string | null },
  now: Date,
): boolean {
  if (report.validFrom === null) return report.status === 'pending_payment';
  return Date.parse(report.validFrom) <= now.getTime();
}
