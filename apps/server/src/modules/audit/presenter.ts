import type { AuditAction, AuditEntryView } from '@ampelos/domain';
import type { AuditRow } from './repository.ts';

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
