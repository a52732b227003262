import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { agroRuns, fields, reports } from '../../platform/db/schema.ts';

export type AgroRunRow = typeof agroRuns.$inferSelect;

/** A report with its field, as a run needs it. */
export interface RunReport {
  id: number;
  uuid: string;
  validFrom: Date;
  validTo: Date | null;
  field: {
    uuid: string;
    title: string;
    polygon: [number, number][];
    centroidLat: number;
    centroidLng: number;
    agroId: string | null;
  };
}

/**
 * Which reports a run goes through: ordered ones (paid, so they have a validity) still on a field;
 * populating skips expired reports, deleting covers them too.
 */
function runScope(options: { includeExpired: boolean; now: Date }): SQL | undefined {
  return and(
    isNotNull(reports.validFrom),
    isNotNull(reports.fieldId),
    options.includeExpired ? undefined : or(isNull(reports.validTo), gt(reports.validTo, options.now)),
  );
}

/** The only code touching agro runs, and the reports they go through. */
export function createRunsRepository(db: Db) {
  return {
    async createRun(values: { kind: string; requestedById: number | null; requestedByName: string | null }) {
      const [row] = await db.insert(agroRuns).values(values).returning();
      if (!row) throw new Error('agro run insert returned nothing');
      return row;
    },
    async findRun(id: string): Promise<AgroRunRow | undefined> {
      const [row] = await db.select().from(agroRuns).where(eq(agroRuns.id, id)).limit(1);
      return row;
    },
    async activeRunOfKind(kind: string): Promise<AgroRunRow | undefined> {
      const [row] = await db
        .select()
        .from(agroRuns)
        .where(and(eq(agroRuns.kind, kind), inArray(agroRuns.status, ['queued', 'running'])))
        .orderBy(desc(agroRuns.createdAt))
        .limit(1);
      return row;
    },
    recentRuns(limit: number): Promise<AgroRunRow[]> {
      return db.select().from(agroRuns).orderBy(desc(agroRuns.createdAt)).limit(limit);
    },
    async startRun(id: string, total: number): Promise<AgroRunRow | undefined> {
      const [row] = await db
        .update(agroRuns)
        .set({ status: 'running', total, startedAt: sql`coalesce(${agroRuns.startedAt}, now())` })
        .where(eq(agroRuns.id, id))
        .returning();
      return row;
    },
    /** One report gone through: the cursor moves past it with the counts, in one statement. */
    async advanceRun(id: string, reportId: number, outcome: 'updated' | 'unchanged' | 'failed') {
      const [row] = await db
        .update(agroRuns)
        .set({
          cursor: reportId,
          done: sql`${agroRuns.done} + 1`,
          updated: outcome === 'updated' ? sql`${agroRuns.updated} + 1` : agroRuns.updated,
          failed: outcome === 'failed' ? sql`${agroRuns.failed} + 1` : agroRuns.failed,
        })
        .where(and(eq(agroRuns.id, id), sql`${agroRuns.cursor} < ${reportId}`))
        .returning();
      return row;
    },
    async finishRun(id: string, status: 'done' | 'failed', error: string | null = null) {
      const [row] = await db
        .update(agroRuns)
        .set({ status, error, finishedAt: new Date() })
        .where(eq(agroRuns.id, id))
        .returning();
      return row;
    },

    async countReports(options: { includeExpired: boolean; now: Date }): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(reports)
        .where(runScope(options));
      return row?.count ?? 0;
    },
    /** The next reports after `afterId`, in id order, with their fields. */
    async reportsAfter(
      afterId: number,
      limit: number,
      options: { includeExpired: boolean; now: Date },
    ): Promise<RunReport[]> {
      const rows = await db
        .select({
          id: reports.id,
          uuid: reports.uuid,
          validFrom: reports.validFrom,
          validTo: reports.validTo,
          fieldUuid: fields.uuid,
          title: fields.title,
          polygon: fields.polygon,
          centroidLat: fields.centroidLat,
          centroidLng: fields.centroidLng,
          agroId: fields.agroId,
        })
        .from(reports)
        .innerJoin(fields, eq(fields.id, reports.fieldId))
        .where(and(runScope(options), gt(reports.id, afterId)))
        .orderBy(asc(reports.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        uuid: row.uuid,
        validFrom: row.validFrom as Date,
        validTo: row.validTo,
        field: {
          uuid: row.fieldUuid,
          title: row.title,
          polygon: row.polygon,
          centroidLat: row.centroidLat,
          centroidLng: row.centroidLng,
          agroId: row.agroId,
        },
      }));
    },
    /** A field's reports, newest first: where its agronomy file is looked for. */
    async reportUuidsOfField(fieldId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ uuid: reports.uuid })
        .from(reports)
        .where(eq(reports.fieldId, fieldId))
        .orderBy(desc(reports.id))
        .limit(limit);
      return rows.map((row) => row.uuid);
    },
  };
}
export type RunsRepository = ReturnType<typeof createRunsRepository>;
