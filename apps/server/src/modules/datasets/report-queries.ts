import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { datasets, fields, reports, shoots, users } from '../../platform/db/schema.ts';

type ReportRow = typeof reports.$inferSelect;
type DatasetRow = typeof datasets.$inferSelect;

export type ReportResults = Pick<
  typeof reports.$inferInsert,
  | 'processedAt'
  | 'camera'
  | 'numOfInputImgs'
  | 'numOfOutputImgs'
  | 'scale'
  | 'size'
  | 'outputData'
  | 'surfaceMapMin'
  | 'surfaceMapMax'
  | 'layers'
>;

/** The report with what access rules and the pipeline need: its field and its customer. */
export interface ReportContext {
  report: ReportRow;
  field: typeof fields.$inferSelect | null;
  owner: {
    id: number;
    companyId: number | null;
    email: string;
    firstName: string;
    lastName: string;
    lang: string;
  };
  /** The report's shoot (E2E, once scheduled) and who is assigned to it; null before. */
  shoot: {
    droneAdminId: number | null;
    droneOperatorId: number | null;
    droneOperatorCompanyId: number | null;
  } | null;
}

const ownerColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  lang: users.lang,
};

const shootPilots = alias(users, 'shoot_pilot');

/** Someone told about a dataset (a customer, a crew member, staff). */
export interface DatasetRecipient {
  id: number;
  email: string;
  firstName: string;
  lang: string;
}

/** The dataset repository's queries on reports: context, status moves, recipients. */
export function reportQueries(db: Db) {
  const reportContext = async (where: ReturnType<typeof eq>): Promise<ReportContext | undefined> => {
    const [row] = await db
      .select({
        report: reports,
        field: fields,
        owner: ownerColumns,
        shoot: { id: shoots.id, droneAdminId: shoots.droneAdminId, droneOperatorId: shoots.droneOperatorId },
        pilotCompanyId: shootPilots.companyId,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.ownerId))
      .leftJoin(fields, eq(fields.id, reports.fieldId))
      .leftJoin(shoots, eq(shoots.reportId, reports.id))
      .leftJoin(shootPilots, eq(shootPilots.id, shoots.droneOperatorId))
      .where(where);
    if (!row) return undefined;
    const { shoot, pilotCompanyId, ...rest } = row;
    return {
      ...rest,
      shoot: shoot
        ? {
            droneAdminId: shoot.droneAdminId,
            droneOperatorId: shoot.droneOperatorId,
            droneOperatorCompanyId: pilotCompanyId,
          }
        : null,
    };
  };

  return {
    findReportByUuid: (uuid: string) => reportContext(eq(reports.uuid, uuid)),
    findReportById: (id: number) => reportContext(eq(reports.id, id)),

    /**
     * A dataset that cannot finish: failed with its message, and its report moved back from
     * processing_data to `reportBackTo` (awaiting data), in one transaction. The dataset row when
     * this call failed it; undefined when it was no longer in `from` (someone else did).
     */
    failDataset: (input: {
      datasetId: number;
      reportId: number;
      from: string[];
      message: string;
      reportBackTo: string;
    }): Promise<DatasetRow | undefined> =>
      db.transaction(async (tx) => {
        const [failed] = await tx
          .update(datasets)
          .set({ status: 'failed', message: input.message, updatedAt: new Date() })
          .where(and(eq(datasets.id, input.datasetId), inArray(datasets.status, input.from)))
          .returning();
        if (!failed) return undefined;
        await tx
          .update(reports)
          .set({ status: input.reportBackTo, updatedAt: new Date() })
          .where(and(eq(reports.id, input.reportId), eq(reports.status, 'processing_data')));
        return failed;
      }),

    /** People to tell: these users, and every user holding one of the roles. */
    recipients: (ids: number[], roles: readonly string[]): Promise<DatasetRecipient[]> =>
      ids.length === 0 && roles.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: users.id, email: users.email, firstName: users.firstName, lang: users.lang })
            .from(users)
            .where(
              and(
                isNull(users.deletedAt),
                or(
                  ids.length > 0 ? inArray(users.id, ids) : sql`false`,
                  roles.length > 0 ? inArray(users.role, [...roles]) : sql`false`,
                ),
              ),
            )
            .orderBy(asc(users.id)),

    /** Moves the report only from an expected status; false when it had moved already. */
    async moveReport(reportId: number, from: string[], to: string): Promise<boolean> {
      const moved = await db
        .update(reports)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(reports.id, reportId), inArray(reports.status, from)))
        .returning({ id: reports.id });
      return moved.length > 0;
    },

    /**
     * Data received for an E2E report completes its shoot: status complete with its final day (the
     * one already set, else `finalDay`); days never confirmed become that day, so the shoot reads
     * whole. Answers the shoot's final day, or null when the report has no shoot.
     */
    async completeShootOnData(
      reportId: number,
      chooseFinalDay: (current: string | null) => string,
      now: Date,
    ): Promise<{ uuid: string; finalDay: string; completedNow: boolean } | null> {
      return db.transaction(async (tx) => {
        const [shoot] = await tx.select().from(shoots).where(eq(shoots.reportId, reportId)).for('update');
        if (!shoot) return null;
        if (shoot.status === 'complete' && shoot.finalDay) {
          return { uuid: shoot.uuid, finalDay: shoot.finalDay, completedNow: false };
        }
        const finalDay = chooseFinalDay(shoot.finalDay);
        await tx
          .update(shoots)
          .set({
            status: 'complete',
            finalDay,
            completedAt: shoot.completedAt ?? now,
            confirmedStart: shoot.confirmedStart ?? finalDay,
            confirmedEnd: shoot.confirmedEnd ?? finalDay,
            alternativeStart: shoot.alternativeStart ?? finalDay,
            alternativeEnd: shoot.alternativeEnd ?? finalDay,
            updatedAt: now,
          })
          .where(eq(shoots.id, shoot.id));
        return { uuid: shoot.uuid, finalDay, completedNow: shoot.status !== 'complete' };
      });
    },

    /** Stores the results and completes the report in one statement (only from processing_data). */
    async completeReport(reportId: number, results: ReportResults): Promise<boolean> {
      const done = await db
        .update(reports)
        .set({ ...results, status: 'complete', updatedAt: new Date() })
        .where(and(eq(reports.id, reportId), eq(reports.status, 'processing_data')))
        .returning({ id: reports.id });
      return done.length > 0;
    },

    /** Claims the completion side effects: true for exactly one caller. */
    async claimCompletionNotice(reportId: number): Promise<boolean> {
      const claimed = await db
        .update(reports)
        .set({ completionNotifiedAt: new Date() })
        .where(and(eq(reports.id, reportId), isNull(reports.completionNotifiedAt)))
        .returning({ id: reports.id });
      return claimed.length > 0;
    },
    async releaseCompletionNotice(reportId: number) {
      await db.update(reports).set({ completionNotifiedAt: null }).where(eq(reports.id, reportId));
    },
  };
}
