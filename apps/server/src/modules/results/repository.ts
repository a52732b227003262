import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { reports } from '../../platform/db/schema.ts';
import { reportLifecycle } from '../reports/lifecycle.ts';
import type { OutputDataChange } from '../reports/repository.ts';

export type ResultsReportRow = typeof reports.$inferSelect;

export type { OutputDataChange } from '../reports/repository.ts';

/** The results' reads of reports; annotations write through the reports module's lifecycle. */
export function createResultsRepository(db: Db) {
  return {
    /** Uuids of the field's other completed reports, newest first (visibility is the caller's check). */
    async completedSiblingUuids(fieldId: number, exceptReportId: number): Promise<string[]> {
      const rows = await db
        .select({ uuid: reports.uuid })
        .from(reports)
        .where(
          and(eq(reports.fieldId, fieldId), eq(reports.status, 'complete'), ne(reports.id, exceptReportId)),
        )
        .orderBy(desc(reports.processedAt), desc(reports.id))
        .limit(50);
      return rows.map((row) => row.uuid);
    },

    /**
     * Completed reports holding a box a person gave a stress factor (one report when `uuid` is
     * given), oldest first, at most `limit`: the labelled set's sources.
     */
    async annotatedReports(uuid: string | undefined, limit = 500) {
      const rows = await db
        .select({ uuid: reports.uuid, outputData: reports.outputData, size: reports.size })
        .from(reports)
        .where(
          and(
            eq(reports.status, 'complete'),
            uuid ? eq(reports.uuid, uuid) : undefined,
            sql`jsonb_path_exists(${reports.outputData}, '$[*].bboxes.*.factor')`,
          ),
        )
        .orderBy(asc(reports.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, outputData: row.outputData ?? [], size: row.size ?? null }));
    },

    /** Applies an annotation to the report's outputData under a row lock (the reports module writes it). */
    changeOutputData: <T>(reportId: number, change: OutputDataChange<T>): Promise<T> =>
      reportLifecycle(db).changeOutputData(reportId, change),
  };
}
export type ResultsRepository = ReturnType<typeof createResultsRepository>;
