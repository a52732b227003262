import type { ReportStatus } from '@ampelos/domain';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { datasets, fields, reports, shoots, users } from '../../platform/db/schema.ts';
import { reportLifecycle } from '../reports/lifecycle.ts';
import type { ReportResults } from '../reports/repository.ts';
import { shootLifecycle } from '../shoots/lifecycle.ts';

type ReportRow = typeof reports.$inferSelect;
type DatasetRow = typeof datasets.$inferSelect;

export type { ReportResults } from '../reports/repository.ts';

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
    /** The day it was flown (YYYY-MM-DD), once known: how a completed report is named. */
    finalDay: string | null;
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

/**
 * The dataset repository's queries on reports: context and recipients; its status moves are the
 * reports module's lifecycle (and the shoot's completion the shoots module's).
 */
export function reportQueries(db: Db) {
  const reports_ = reportLifecycle(db);
  const reportContext = async (where: ReturnType<typeof eq>): Promise<ReportContext | undefined> => {
    const [row] = await db
      .select({
        report: reports,
        field: fields,
        owner: ownerColumns,
        shoot: {
          id: shoots.id,
          droneAdminId: shoots.droneAdminId,
          droneOperatorId: shoots.droneOperatorId,
          finalDay: shoots.finalDay,
        },
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
            finalDay: shoot.finalDay,
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
      /** Whether the report has a shoot: where it goes back to (`reportStatusAwaitingData`). */
      hasShoot: boolean;
    }): Promise<DatasetRow | undefined> =>
      db.transaction(async (tx) => {
        const [failed] = await tx
          .update(datasets)
          .set({ status: 'failed', message: input.message, updatedAt: new Date() })
          .where(and(eq(datasets.id, input.datasetId), inArray(datasets.status, input.from)))
          .returning();
        if (!failed) return undefined;
        await reportLifecycle(tx as unknown as Db).dataFailed(input.reportId, input.hasShoot);
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
    moveReport: async (reportId: number, from: readonly ReportStatus[], to: ReportStatus) =>
      (await reports_.move(reportId, from, to)) !== undefined,

    /** Data received for an E2E report completes its shoot (the shoots module's move). */
    completeShootOnData: shootLifecycle(db).completeOnData,

    /**
     * Stores the results and completes the report (only from processing_data) and its dataset (only
     * from processing) in one transaction: a reader never sees a complete dataset under a report
     * still processing its data.
     */
    completeReport: (input: {
      reportId: number;
      datasetId: number;
      results: ReportResults;
      processedAt: Date;
    }) =>
      db.transaction(async (tx) => {
        const completed = await reportLifecycle(tx as unknown as Db).completed(input.reportId, input.results);
        await tx
          .update(datasets)
          .set({ status: 'complete', processedAt: input.processedAt, updatedAt: new Date() })
          .where(and(eq(datasets.id, input.datasetId), eq(datasets.status, 'processing')));
        return completed;
      }),
    /** Claims the completion side effects: true for exactly one caller. */
    claimCompletionNotice: (reportId: number) => reports_.claimCompletionNotice(reportId),
    releaseCompletionNotice: (reportId: number) => reports_.releaseCompletionNotice(reportId),
  };
}
