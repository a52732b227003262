import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { type ReportOutputPoint, reports } from '../../platform/db/schema.ts';

export type ResultsReportRow = typeof reports.$inferSelect;

/** What an annotation does to a report's outputData; it throws (an AppError) to refuse, writing nothing. */
export type OutputDataChange<T> = (outputData: ReportOutputPoint[]) => {
  outputData: ReportOutputPoint[];
  result: T;
};

/** The only code touching reports for results and annotations. */
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

    /**
     * Reads the report's outputData under a row lock, applies `change` and writes the new list in the
     * same transaction, so two people annotating boxes of the same report at once both keep theirs.
     */
    async changeOutputData<T>(reportId: number, change: OutputDataChange<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ outputData: reports.outputData })
          .from(reports)
          .where(eq(reports.id, reportId))
          .for('update');
        const outcome = change(row?.outputData ?? []);
        await tx
          .update(reports)
          .set({ outputData: outcome.outputData, updatedAt: new Date() })
          .where(eq(reports.id, reportId));
        return outcome.result;
      });
    },
  };
}
export type ResultsRepository = ReturnType<typeof createResultsRepository>;
