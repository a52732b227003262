import { type ReportFacts, reportFacts } from '@ampelos/domain';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { fields, type ReportOutputPoint, reports, shoots, users } from '../../platform/db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;
/** What lists show of a report (`presentReport`): never its results or storage details. */
export const reportSummaryColumns = {
  id: reports.id,
  uuid: reports.uuid,
  service: reports.service,
  shoots: reports.shoots,
  status: reports.status,
  validFrom: reports.validFrom,
  validTo: reports.validTo,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
  fieldId: reports.fieldId,
  processedAt: reports.processedAt,
  camera: reports.camera,
  numOfInputImgs: reports.numOfInputImgs,
  numOfOutputImgs: reports.numOfOutputImgs,
  layers: reports.layers,
};
export type ReportSummaryRow = { [K in keyof typeof reportSummaryColumns]: ReportRow[K] };

/** A cart item as the cart creates it (status pending, no order). */
export type NewReport = Pick<
  typeof reports.$inferInsert,
  'fieldId' | 'fieldTitle' | 'fieldArea' | 'ownerId' | 'service' | 'shoots'
>;

/** What the pipeline stores on a report when its data is processed. */
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

/** What an annotation does to a report's outputData; it throws (an AppError) to refuse, writing nothing. */
export type OutputDataChange<T> = (outputData: ReportOutputPoint[]) => {
  outputData: ReportOutputPoint[];
  result: T;
};

export interface ReportWithContext {
  report: ReportRow;
  field: { uuid: string; title: string } | null;
  shoot: { status: string } | null;
  owner: { id: number; email: string; firstName: string; lang: string };
}

/**
 * The only code writing the reports table, on the database or on the caller's transaction. Status
 * moves are guarded by the status they are made from; which moves are allowed is `lifecycle.ts`'s.
 */
export function reportWrites(db: Db) {
  return {
    async insertCartItems(values: NewReport[]): Promise<ReportRow[]> {
      if (values.length === 0) return [];
      return db.insert(reports).values(values).returning();
    },

    /** A report as the demo seeds it, in any status (the demo labels itself as one). */
    async insertSeeded(values: typeof reports.$inferInsert): Promise<ReportRow> {
      const [row] = await db.insert(reports).values(values).returning();
      if (!row) throw new Error('report insert returned nothing');
      return row;
    },

    async deleteCartGroup(userId: number, fieldId: number, service: string): Promise<number> {
      const rows = await db
        .delete(reports)
        .where(
          and(
            eq(reports.ownerId, userId),
            eq(reports.fieldId, fieldId),
            eq(reports.service, service),
            eq(reports.status, 'pending'),
          ),
        )
        .returning({ id: reports.id });
      return rows.length;
    },

    /** Moves reports to `to` with `changes`, only those still in one of `from`; answers the rows moved. */
    async move(
      where: { reportIds: number[] } | { orderId: number },
      from: readonly string[],
      to: string,
      changes: Partial<Pick<typeof reports.$inferInsert, 'orderId' | 'validFrom' | 'validTo'>> &
        Partial<ReportResults> = {},
    ): Promise<ReportRow[]> {
      if ('reportIds' in where && where.reportIds.length === 0) return [];
      return db
        .update(reports)
        .set({ ...changes, status: to, updatedAt: new Date() })
        .where(
          and(
            'reportIds' in where ? inArray(reports.id, where.reportIds) : eq(reports.orderId, where.orderId),
            inArray(reports.status, [...from]),
          ),
        )
        .returning();
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

    /**
     * A deleted account's reports: cart items (never bought) go; bought ones keep their order lines
     * (copied field title and area) but lose their results.
     */
    async forgetOwner(ownerId: number, now: Date) {
      await db.delete(reports).where(and(eq(reports.ownerId, ownerId), isNull(reports.orderId)));
      await db
        .update(reports)
        .set({
          outputData: null,
          scale: null,
          size: null,
          camera: null,
          layers: null,
          surfaceMapMin: null,
          surfaceMapMax: null,
          updatedAt: now,
        })
        .where(and(eq(reports.ownerId, ownerId), isNotNull(reports.orderId)));
    },
  };
}
export type ReportWrites = ReturnType<typeof reportWrites>;

const reportOwners = alias(users, 'report_owner');
const shootPilots = alias(users, 'shoot_pilot');

/**
 * Reports as the access helper's policies see them, by uuid, in one query: the owner and its company,
 * the field's company, whether it is still in a cart, its service, and an E2E report's shoot crew.
 */
export function reportAccessFacts(db: Db) {
  return async (uuids: readonly string[]): Promise<Map<string, ReportFacts>> => {
    const rows = await db
      .select({
        uuid: reports.uuid,
        ownerId: reports.ownerId,
        status: reports.status,
        service: reports.service,
        ownerCompanyId: reportOwners.companyId,
        fieldCompanyId: fields.companyId,
        shootId: shoots.id,
        droneAdminId: shoots.droneAdminId,
        droneOperatorId: shoots.droneOperatorId,
        droneOperatorCompanyId: shootPilots.companyId,
      })
      .from(reports)
      .innerJoin(reportOwners, eq(reportOwners.id, reports.ownerId))
      .leftJoin(fields, eq(fields.id, reports.fieldId))
      .leftJoin(shoots, eq(shoots.reportId, reports.id))
      .leftJoin(shootPilots, eq(shootPilots.id, shoots.droneOperatorId))
      .where(inArray(reports.uuid, [...uuids]));
    return new Map(
      rows.map((row): [string, ReportFacts] => {
        const { shootId, droneAdminId, droneOperatorId, droneOperatorCompanyId } = row;
        const crew = shootId !== null ? { droneAdminId, droneOperatorId, droneOperatorCompanyId } : null;
        return [row.uuid, reportFacts({ ...row, crew })];
      }),
    );
  };
}

/** Staff status changes: the report with its field, shoot and owner. */
export function createReportRepository(db: Db) {
  return {
    async findByUuid(uuid: string): Promise<ReportWithContext | undefined> {
      const [row] = await db
        .select({
          report: reports,
          field: { uuid: fields.uuid, title: fields.title },
          shoot: { status: shoots.status },
          owner: { id: users.id, email: users.email, firstName: users.firstName, lang: users.lang },
        })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.ownerId))
        .leftJoin(fields, eq(fields.id, reports.fieldId))
        .leftJoin(shoots, eq(shoots.reportId, reports.id))
        .where(eq(reports.uuid, uuid));
      return row;
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
