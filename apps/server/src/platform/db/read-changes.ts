import type { SqlExecutor } from './database.ts';

/**
 * The question an answer cache asks the database before reusing an answer (migration 0012): which
 * snapshot is current, and did any transaction that `since` did not see note one of `keys` in
 * `read_changes`? The triggers note keys in the writing transaction itself, so a committed change is
 * seen by the next check on every process, whatever the order in which transactions commit.
 */
const CHECK = `SELECT pg_current_snapshot()::text AS snapshot,
  $2::pg_snapshot IS NOT NULL AND EXISTS (
    SELECT 1 FROM read_changes WHERE key = ANY($1::text[])
      AND xid >= pg_snapshot_xmin($2::pg_snapshot) AND NOT pg_visible_in_snapshot(xid, $2::pg_snapshot)
  ) AS changed`;

/** Rows stay this long; a cached answer not checked for `MAX_UNCHECKED_MS` is dropped well before. */
const KEEP = '1 hour';
export const MAX_UNCHECKED_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export interface ReadCheck {
  /** The snapshot the check ran in: what the caller reads next is at least this recent. */
  snapshot: string;
  /** Something under `keys` changed after `since` (false when `since` is null). */
  changed: boolean;
}

export function createReadChanges(deps: {
  executor: SqlExecutor;
  onPruneError?: (error: unknown) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let lastPrune = Number.NEGATIVE_INFINITY;
  return {
    async check(keys: readonly string[], since: string | null): Promise<ReadCheck> {
      const { rows } = await deps.executor.executeSql(CHECK, [keys, since], 'read_changes_check');
      const [row] = rows as { snapshot: string; changed: boolean | null }[];
      if (!row) throw new Error('read_changes check answered no row');
      return { snapshot: row.snapshot, changed: row.changed === true };
    },
    /** Deletes rows nobody can need any more; at most once per `PRUNE_EVERY_MS` per process. */
    prune() {
      if (now() - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = now();
      deps.executor.executeSql(`SELECT read_changes_prune('${KEEP}')`, []).catch((error: unknown) => {
        deps.onPruneError?.(error);
      });
    },
  };
}
export type ReadChanges = ReturnType<typeof createReadChanges>;
