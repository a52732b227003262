import type { AuditAction, AuditEntryView, AuditPageView } from '@ampelos/domain';
import type { AuditRepository, AuditRow } from './repository.ts';

export function presentAuditEntry({
  entry,
  actorUuid,
}: {
  entry: AuditRow;
  actorUuid: string | null;
}): AuditEntryView {
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    actor: { uuid: actorUuid, name: entry.actorName, role: entry.actorRole },
    action: entry.action as AuditAction,
    target: { type: entry.targetType, id: entry.targetId, label: entry.targetLabel },
    details: entry.details,
  };
}

/** A page of the log as the audit service answers it: its rows, the total and where the page is. */
export interface AuditPage {
  rows: Awaited<ReturnType<AuditRepository['page']>>['rows'];
  total: number;
  page: number;
  pageSize: number;
}

export function presentAuditPage({ rows, total, page, pageSize }: AuditPage): AuditPageView {
  return { data: rows.map(presentAuditEntry), page, pageSize, total };
}
