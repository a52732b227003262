import type { AgroJobKind, AgroRunStatus, AgroRunView } from '@ampelos/domain';
import type { AgroRunRow } from './runs-repository.ts';

/** A run of an agro job as the dashboard shows it (answers and the `agro` channel's pushes). */
export function presentRun(row: AgroRunRow): AgroRunView {
  return {
    id: row.id,
    kind: row.kind as AgroJobKind,
    status: row.status as AgroRunStatus,
    requestedBy: row.requestedByName,
    total: row.total,
    done: row.done,
    updated: row.updated,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  };
}
