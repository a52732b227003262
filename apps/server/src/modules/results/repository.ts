import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { reports, shoots } from '../../platform/db/schema.ts';
import { reportLifecycle } from '../reports/lifecycle.ts';
import type { OutputDataChange } from '../reports/repository.ts';

export type ResultsReportRow = typeof reports.$inferSelect;

/** Another completed report of the same field, as the swipe comparison lists it. */
export type CompletedSibling = Pick<ResultsReportRow, 'uuid' | 'createdAt' | 'processedAt'> & {
  finalShootDay: string | null;
};

export type { OutputDataChange } from '../reports/repository.ts';

/** The results' reads of reports; annotations write through the reports module's lifecycle. */
export function createResultsRepository(db: Db) {
  return {
    /**
     * The field's other completed reports, newest first, with the day each was flown (how a
     * completed report is named): one query, without their results (visibility is the caller's check).
     */
    async completedSiblings(fieldId: number, exceptReportId: number): Promise<CompletedSibling[]> {
      return db
        .select({
          uuid: reports.uuid,
          createdAt: reports.createdAt,
          processedAt: reports.processedAt,
          finalShootDay: shoots.finalDay,
        })
        .from(reports)
        .leftJoin(shoots, eq(shoots.reportId, reports.id))
        .where(
          and(eq(reports.fieldId, fieldId), eq(reports.status, 'complete'), ne(reports.id, exceptReportId)),
        )
        .orderBy(desc(reports.processedAt), desc(reports.id))
        .limit(50);
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
