import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  datasetFiles,
  datasets,
  datasetUnits,
  datasetUploads,
  type reports,
} from '../../platform/db/schema.ts';
import { reportQueries } from './report-queries.ts';

export type ReportRow = typeof reports.$inferSelect;
export type DatasetRow = typeof datasets.$inferSelect;
export type UploadRow = typeof datasetUploads.$inferSelect;
export type DatasetFileRow = typeof datasetFiles.$inferSelect;
export type NewDatasetFile = Omit<typeof datasetFiles.$inferInsert, 'id' | 'createdAt'>;
export type UnitRow = typeof datasetUnits.$inferSelect;
export type { DatasetRecipient, ReportContext, ReportResults } from './report-queries.ts';

/** The only code touching reports' results, datasets, uploads, files and units. */
export function createDatasetRepository(db: Db) {
  return {
    ...reportQueries(db),

    /** The dataset shown for a report: the active one, else the latest rejected or failed one. */
    async latestDataset(reportId: number): Promise<DatasetRow | undefined> {
      const [row] = await db
        .select()
        .from(datasets)
        .where(eq(datasets.reportId, reportId))
        .orderBy(
          sql`case when ${datasets.status} in ('rejected', 'failed') then 1 else 0 end`,
          desc(datasets.id),
        )
        .limit(1);
      return row;
    },
    async findDataset(id: number): Promise<DatasetRow | undefined> {
      const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
      return row;
    },
    /** The report's open dataset, created when none is active (concurrent callers get the same one). */
    async openDataset(reportId: number, userId: number): Promise<DatasetRow> {
      await db.insert(datasets).values({ reportId, createdBy: userId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(datasets)
        .where(and(eq(datasets.reportId, reportId), sql`${datasets.status} not in ('rejected', 'failed')`));
      if (!row) throw new Error('open dataset not found after insert');
      return row;
    },
    /** Moves a dataset only from an expected status; the updated row, or undefined. */
    async moveDataset(
      id: number,
      from: string[],
      changes: Partial<Omit<typeof datasets.$inferInsert, 'id' | 'uuid' | 'reportId'>>,
    ): Promise<DatasetRow | undefined> {
      const [row] = await db
        .update(datasets)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(datasets.id, id), inArray(datasets.status, from)))
        .returning();
      return row;
    },
    async bumpGeneration(id: number): Promise<number> {
      const [row] = await db
        .update(datasets)
        .set({ generation: sql`${datasets.generation} + 1`, updatedAt: new Date() })
        .where(eq(datasets.id, id))
        .returning({ generation: datasets.generation });
      return row?.generation ?? 0;
    },
    /** Datasets a crashed worker may have left mid-way. */
    listUnfinishedDatasets: (): Promise<DatasetRow[]> =>
      db
        .select()
        .from(datasets)
        .where(inArray(datasets.status, ['validating', 'processing'])),

    insertUpload: (values: typeof datasetUploads.$inferInsert) => db.insert(datasetUploads).values(values),
    async findUpload(id: string): Promise<{ upload: UploadRow; dataset: DatasetRow } | undefined> {
      const [row] = await db
        .select({ upload: datasetUploads, dataset: datasets })
        .from(datasetUploads)
        .innerJoin(datasets, eq(datasets.id, datasetUploads.datasetId))
        .where(eq(datasetUploads.id, id));
      return row;
    },
    uploadsOf: (datasetId: number): Promise<UploadRow[]> =>
      db
        .select()
        .from(datasetUploads)
        .where(eq(datasetUploads.datasetId, datasetId))
        .orderBy(asc(datasetUploads.createdAt), asc(datasetUploads.id)),
    async markUploadComplete(id: string) {
      await db.update(datasetUploads).set({ completedAt: new Date() }).where(eq(datasetUploads.id, id));
    },
    async markUploadInspected(id: string) {
      await db.update(datasetUploads).set({ inspectedAt: new Date() }).where(eq(datasetUploads.id, id));
    },
    async deleteUpload(id: string) {
      await db.delete(datasetUploads).where(eq(datasetUploads.id, id));
    },
    async bytesOfDataset(datasetId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${datasetUploads.size}), 0)` })
        .from(datasetUploads)
        .where(eq(datasetUploads.datasetId, datasetId));
      return Number(row?.total ?? 0);
    },

    /** Declared bytes of one account's uploads in datasets not yet processed (open, validating, processing). */
    async bytesInFlightOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${datasetUploads.size}), 0)` })
        .from(datasetUploads)
        .innerJoin(datasets, eq(datasets.id, datasetUploads.datasetId))
        .where(
          and(
            eq(datasetUploads.uploadedBy, userId),
            inArray(datasets.status, ['open', 'validating', 'processing']),
          ),
        );
      return Number(row?.total ?? 0);
    },

    /** Declared bytes of every unfinished upload: disk they may still take (some may be on disk already). */
    async bytesStillToCome(): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${datasetUploads.size}), 0)` })
        .from(datasetUploads)
        .innerJoin(datasets, eq(datasets.id, datasetUploads.datasetId))
        .where(and(isNull(datasetUploads.completedAt), eq(datasets.status, 'open')));
      return Number(row?.total ?? 0);
    },

    /** Records a file once (a resumed ingest re-records nothing). */
    async insertFile(values: NewDatasetFile) {
      await db.insert(datasetFiles).values(values).onConflictDoNothing();
    },
    async updateFile(id: number, changes: Partial<NewDatasetFile>) {
      await db.update(datasetFiles).set(changes).where(eq(datasetFiles.id, id));
    },
    /** Records a file's verdict, replacing the one written before it was checked (`checksOfUpload`). */
    async upsertFile(values: NewDatasetFile) {
      const { datasetId: _d, uploadId: _u, path: _p, ...changes } = values;
      await db
        .insert(datasetFiles)
        .values(values)
        .onConflictDoUpdate({
          target: [datasetFiles.datasetId, datasetFiles.uploadId, datasetFiles.path],
          set: {
            storageKey: null,
            kind: null,
            format: null,
            reason: null,
            message: null,
            lat: null,
            lng: null,
            metadata: null,
            ...changes,
          },
        });
    },
    /**
     * Every recorded path of an upload: null when its verdict is final, or how many checks were
     * started on it when the last one never finished (its worker died while reading it).
     */
    async checksOfUpload(datasetId: number, uploadId: string): Promise<Map<string, number | null>> {
      const rows = await db
        .select({ path: datasetFiles.path, metadata: datasetFiles.metadata })
        .from(datasetFiles)
        .where(and(eq(datasetFiles.datasetId, datasetId), eq(datasetFiles.uploadId, uploadId)));
      return new Map(
        rows.map((row) => {
          const started = row.metadata?.ingestChecksStarted;
          return [row.path, typeof started === 'number' ? started : null];
        }),
      );
    },
    async filePathsOfUpload(datasetId: number, uploadId: string): Promise<Set<string>> {
      const rows = await db
        .select({ path: datasetFiles.path })
        .from(datasetFiles)
        .where(and(eq(datasetFiles.datasetId, datasetId), eq(datasetFiles.uploadId, uploadId)));
      return new Set(rows.map((row) => row.path));
    },
    filesOf: (datasetId: number, limit?: number): Promise<DatasetFileRow[]> => {
      const query = db
        .select()
        .from(datasetFiles)
        .where(eq(datasetFiles.datasetId, datasetId))
        .orderBy(sql`case when ${datasetFiles.status} = 'rejected' then 0 else 1 end`, asc(datasetFiles.id));
      return limit === undefined ? query : query.limit(limit);
    },
    acceptedFilesOf: (datasetId: number): Promise<DatasetFileRow[]> =>
      db
        .select()
        .from(datasetFiles)
        .where(and(eq(datasetFiles.datasetId, datasetId), eq(datasetFiles.status, 'accepted')))
        .orderBy(asc(datasetFiles.id)),
    async fileCounts(datasetId: number): Promise<{ accepted: number; rejected: number }> {
      const rows = await db
        .select({ status: datasetFiles.status, n: count() })
        .from(datasetFiles)
        .where(eq(datasetFiles.datasetId, datasetId))
        .groupBy(datasetFiles.status);
      const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
      return { accepted: of('accepted'), rejected: of('rejected') };
    },
    /** The days the accepted photos were taken (EXIF, camera clock), with how many photos each. */
    async captureDays(datasetId: number): Promise<{ day: string; photos: number }[]> {
      // ISO 8601, or EXIF's own `YYYY:MM:DD hh:mm:ss` when the reader kept the text.
      const day = sql<string>`replace(substring(${datasetFiles.metadata}->>'capturedAt' from 1 for 10), ':', '-')`;
      const rows = await db
        .select({ day, photos: count() })
        .from(datasetFiles)
        .where(
          and(
            eq(datasetFiles.datasetId, datasetId),
            eq(datasetFiles.status, 'accepted'),
            sql`${datasetFiles.metadata}->>'capturedAt' is not null`,
          ),
        )
        .groupBy(day);
      return rows.map((row) => ({ day: row.day, photos: Number(row.photos) }));
    },
    /** Files the analysis does not use after all (mixed inputs): rejected with a reason. */
    async rejectFiles(ids: number[], reason: string, message: string) {
      if (ids.length === 0) return;
      await db
        .update(datasetFiles)
        .set({ status: 'rejected', reason, message })
        .where(inArray(datasetFiles.id, ids));
    },

    filesByIds: (ids: number[]): Promise<DatasetFileRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select().from(datasetFiles).where(inArray(datasetFiles.id, ids)).orderBy(asc(datasetFiles.id)),

    async insertUnits(
      values: { datasetId: number; key: string; fileIds: number[]; input: Record<string, unknown> }[],
    ) {
      for (let start = 0; start < values.length; start += 500) {
        await db
          .insert(datasetUnits)
          .values(values.slice(start, start + 500))
          .onConflictDoNothing();
      }
    },
    unitsOf: (datasetId: number): Promise<UnitRow[]> =>
      db
        .select()
        .from(datasetUnits)
        .where(eq(datasetUnits.datasetId, datasetId))
        .orderBy(asc(datasetUnits.id)),
    /** A pending unit's plan, updated when staff confirm its camera or height (never after it ran). */
    async updateUnitInput(id: number, input: Record<string, unknown>) {
      await db
        .update(datasetUnits)
        .set({ input })
        .where(and(eq(datasetUnits.id, id), eq(datasetUnits.status, 'pending')));
    },
    async findUnit(id: number): Promise<UnitRow | undefined> {
      const [row] = await db.select().from(datasetUnits).where(eq(datasetUnits.id, id));
      return row;
    },
    /** Saves a unit's step result only from the expected status (a duplicate job changes nothing). */
    async advanceUnit(
      id: number,
      from: string,
      to: string,
      result: Record<string, unknown>,
    ): Promise<boolean> {
      const moved = await db
        .update(datasetUnits)
        .set({ status: to, result, error: null, doneAt: new Date(), attempts: 0 })
        .where(and(eq(datasetUnits.id, id), eq(datasetUnits.status, from)))
        .returning({ id: datasetUnits.id });
      return moved.length > 0;
    },
    async failUnit(id: number, error: string) {
      await db
        .update(datasetUnits)
        .set({ status: 'failed', error: error.slice(0, 2000), doneAt: new Date() })
        .where(eq(datasetUnits.id, id));
    },
    /** The error of the first unit that failed for good (what staff read first). */
    async firstUnitError(datasetId: number): Promise<string | null> {
      const [row] = await db
        .select({ error: datasetUnits.error })
        .from(datasetUnits)
        .where(and(eq(datasetUnits.datasetId, datasetId), eq(datasetUnits.status, 'failed')))
        .orderBy(asc(datasetUnits.id))
        .limit(1);
      return row?.error ?? null;
    },
    async countUnitAttempt(id: number) {
      await db
        .update(datasetUnits)
        .set({ attempts: sql`${datasetUnits.attempts} + 1` })
        .where(eq(datasetUnits.id, id));
    },
    async unitStatusCounts(datasetId: number): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: datasetUnits.status, n: count() })
        .from(datasetUnits)
        .where(eq(datasetUnits.datasetId, datasetId))
        .groupBy(datasetUnits.status);
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
    /** Units not yet past a status (still to measure, or to detect). */
    unitsIn: (datasetId: number, status: string): Promise<UnitRow[]> =>
      db
        .select()
        .from(datasetUnits)
        .where(and(eq(datasetUnits.datasetId, datasetId), eq(datasetUnits.status, status)))
        .orderBy(asc(datasetUnits.id)),
    unitsNotIn: (datasetId: number, status: string): Promise<UnitRow[]> =>
      db
        .select()
        .from(datasetUnits)
        .where(and(eq(datasetUnits.datasetId, datasetId), ne(datasetUnits.status, status))),
  };
}
export type DatasetRepository = ReturnType<typeof createDatasetRepository>;

/**
 * Runs `read` on one snapshot of the database (a read-only repeatable-read transaction): a report
 * and its dataset read one after the other can otherwise fall either side of the transaction that
 * moves both.
 */
export function datasetSnapshots(db: Db) {
  return <T>(read: (repository: DatasetRepository) => Promise<T>): Promise<T> =>
    db.transaction((tx) => read(createDatasetRepository(tx as unknown as Db)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
}
export type DatasetSnapshots = ReturnType<typeof datasetSnapshots>;
