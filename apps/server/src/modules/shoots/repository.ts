import type { ReportStatus } from '@ampelos/domain';
import { and, asc, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { companies, fields, reports, shoots, users } from '../../platform/db/schema.ts';
import { reportLifecycle } from '../reports/lifecycle.ts';

export type ShootRow = typeof shoots.$inferSelect;
export type ShootChanges = Partial<
  Omit<typeof shoots.$inferInsert, 'id' | 'uuid' | 'reportId' | 'createdAt'>
>;
export type ReportRow = typeof reports.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;

/** Who is asking, as the visibility conditions need it (`shootScope` of packages/domain). */
export interface ShootViewer {
  scope: 'all' | 'organisation' | 'pilot' | 'company' | 'own';
  userId: number;
  companyId: number | null;
}

const droneAdmins = alias(users, 'drone_admin');
const droneOperators = alias(users, 'drone_operator');
const owners = alias(users, 'owner');
const ownerCompanies = alias(companies, 'owner_company');

type PersonKey = 'id' | 'uuid' | 'firstName' | 'lastName' | 'email' | 'mobile' | 'lang' | 'companyId';
/** The columns of a person, from the users table or one of its aliases. */
const personColumns = <T extends Record<PersonKey, AnyPgColumn>>(table: T): Pick<T, PersonKey> => ({
  id: table.id,
  uuid: table.uuid,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
  mobile: table.mobile,
  lang: table.lang,
  companyId: table.companyId,
});

const selection = {
  shoot: shoots,
  report: reports,
  field: fields,
  owner: { ...personColumns(owners), location: owners.location },
  ownerCompany: { id: ownerCompanies.id, uuid: ownerCompanies.uuid, title: ownerCompanies.title },
  droneAdmin: personColumns(droneAdmins),
  droneOperator: personColumns(droneOperators),
};

export type ShootPerson = {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  lang: string;
  companyId: number | null;
};

export interface ShootRecord {
  shoot: ShootRow;
  report: ReportRow;
  field: FieldRow | null;
  owner: ShootPerson & { location: string | null };
  ownerCompany: { id: number; uuid: string; title: string } | null;
  droneAdmin: ShootPerson | null;
  droneOperator: ShootPerson | null;
}

/** A shoot as the fields list shows it: the shoot row and its report's identity and status. */
export interface FieldShootRecord {
  shoot: ShootRow;
  report: { id: number; uuid: string; status: string; fieldId: number | null };
}

/** Customers see the shoots of the fields they see (field policy), and of the reports they bought. */
function customerCondition(viewer: ShootViewer): SQL | undefined {
  const own = or(eq(reports.ownerId, viewer.userId), eq(fields.ownerId, viewer.userId));
  if (viewer.scope === 'company' && viewer.companyId !== null) {
    return or(own, eq(fields.companyId, viewer.companyId));
  }
  return own;
}

/**
 * The visibility of a shoot, in SQL, over the joined tables of `selection`: staff all; a drone
 * operator organisation what is assigned to it or to one of its pilots; a pilot its own; customers
 * by field.
 */
function visibleTo(viewer: ShootViewer): SQL | undefined {
  switch (viewer.scope) {
    case 'all':
      return undefined;
    case 'organisation':
      return viewer.companyId === null
        ? eq(shoots.droneAdminId, viewer.userId)
        : or(eq(shoots.droneAdminId, viewer.userId), eq(droneOperators.companyId, viewer.companyId));
    case 'pilot':
      return eq(shoots.droneOperatorId, viewer.userId);
    default:
      return customerCondition(viewer);
  }
}

function shootQueries(db: Db) {
  const selectShoots = () =>
    db
      .select(selection)
      .from(shoots)
      .innerJoin(reports, eq(reports.id, shoots.reportId))
      .innerJoin(owners, eq(owners.id, reports.ownerId))
      .leftJoin(ownerCompanies, eq(ownerCompanies.id, owners.companyId))
      .leftJoin(fields, eq(fields.id, reports.fieldId))
      .leftJoin(droneAdmins, eq(droneAdmins.id, shoots.droneAdminId))
      .leftJoin(droneOperators, eq(droneOperators.id, shoots.droneOperatorId));

  async function findOne(viewer: ShootViewer, match: SQL): Promise<ShootRecord | undefined> {
    const [row] = await selectShoots().where(and(match, visibleTo(viewer)));
    return row as ShootRecord | undefined;
  }

  return {
    /** Newest first. */
    listVisible: async (viewer: ShootViewer): Promise<ShootRecord[]> =>
      (await selectShoots()
        .where(visibleTo(viewer))
        .orderBy(desc(shoots.createdAt), desc(shoots.id))) as ShootRecord[],

    findVisibleByUuid: (viewer: ShootViewer, uuid: string) => findOne(viewer, eq(shoots.uuid, uuid)),

    /**
     * The shoots of the given fields, as a viewer who already sees those fields: only the columns the
     * list shows (never the report's results), the ids as one array parameter.
     */
    listOfFields: async (viewer: ShootViewer, fieldIds: number[]): Promise<FieldShootRecord[]> =>
      fieldIds.length === 0
        ? []
        : db
            .select({
              shoot: shoots,
              report: {
                id: reports.id,
                uuid: reports.uuid,
                status: reports.status,
                fieldId: reports.fieldId,
              },
            })
            .from(shoots)
            .innerJoin(reports, eq(reports.id, shoots.reportId))
            .leftJoin(fields, eq(fields.id, reports.fieldId))
            .leftJoin(droneOperators, eq(droneOperators.id, shoots.droneOperatorId))
            .where(and(sql`${reports.fieldId} = any(${sql.param(fieldIds)}::int[])`, visibleTo(viewer)))
            .orderBy(desc(shoots.createdAt)),

    /** E2E reports without a shoot yet, in the given statuses (admin roles' filters), newest first. */
    listReportsWithoutShoot: (statuses: readonly string[], limit: number) =>
      db
        .select({
          report: reports,
          field: fields,
          owner: { ...personColumns(owners), location: owners.location },
          ownerCompany: { id: ownerCompanies.id, uuid: ownerCompanies.uuid, title: ownerCompanies.title },
        })
        .from(reports)
        .innerJoin(owners, eq(owners.id, reports.ownerId))
        .leftJoin(ownerCompanies, eq(ownerCompanies.id, owners.companyId))
        .leftJoin(fields, eq(fields.id, reports.fieldId))
        .leftJoin(shoots, eq(shoots.reportId, reports.id))
        .where(and(eq(reports.service, 'e2e'), inArray(reports.status, [...statuses]), isNull(shoots.id)))
        .orderBy(desc(reports.updatedAt), desc(reports.id))
        .limit(limit),

    /**
     * A report the viewer may schedule: visible through its field (field policy) or bought by the
     * viewer; `scope` all sees every report.
     */
    async findReportForCustomer(viewer: ShootViewer, reportUuid: string) {
      const [row] = await db
        .select({ report: reports, field: fields })
        .from(reports)
        .leftJoin(fields, eq(fields.id, reports.fieldId))
        .where(
          and(eq(reports.uuid, reportUuid), viewer.scope === 'all' ? undefined : customerCondition(viewer)),
        );
      return row;
    },

    /** The report's row, locked until the transaction ends. */
    async lockReport(reportId: number): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).for('update');
      return row;
    },

    async findShootOfReport(reportId: number): Promise<ShootRow | undefined> {
      const [row] = await db.select().from(shoots).where(eq(shoots.reportId, reportId));
      return row;
    },

    async lockShoot(shootId: number): Promise<ShootRow | undefined> {
      const [row] = await db.select().from(shoots).where(eq(shoots.id, shootId)).for('update');
      return row;
    },

    async insertShoot(values: typeof shoots.$inferInsert): Promise<ShootRow> {
      const [row] = await db.insert(shoots).values(values).returning();
      if (!row) throw new Error('shoot insert returned nothing');
      return row;
    },

    async updateShoot(id: number, changes: ShootChanges): Promise<void> {
      await db
        .update(shoots)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(shoots.id, id));
    },

    /** Moves a report only from the status it was read in (the reports module's lifecycle). */
    moveReport: async (reportId: number, from: ReportStatus, to: ReportStatus): Promise<boolean> =>
      (await reportLifecycle(db).move(reportId, from, to)) !== undefined,

    /**
     * Data received for an E2E report completes its shoot: status complete with its final day (the
     * one already set, else `finalDay`); days never confirmed become that day, so the shoot reads
     * whole. Answers the shoot's final day, or null when the report has no shoot. Photos that arrived
     * outrank the transition table: the shoot was flown, whatever status it had reached.
     */
    async completeOnData(
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

    /** A user by id or uuid, with what assignment needs. */
    async findPerson(idOrUuid: number | string): Promise<(ShootPerson & { role: string }) | undefined> {
      const [row] = await db
        .select({ ...personColumns(users), role: users.role })
        .from(users)
        .where(typeof idOrUuid === 'number' ? eq(users.id, idOrUuid) : eq(users.uuid, idOrUuid));
      return row;
    },

    /** Users holding one of the roles (e-mail and notification recipients), oldest first. */
    usersWithRoles: (roles: readonly string[]) =>
      roles.length === 0
        ? Promise.resolve([])
        : db
            .select(personColumns(users))
            .from(users)
            .where(and(inArray(users.role, [...roles]), isNull(users.deletedAt)))
            .orderBy(asc(users.id)),

    /**
     * The field to export as KML: a field the viewer sees by the field policy, or one with a shoot the
     * viewer sees (assigned organisations and pilots). By field id/uuid or by report uuid.
     */
    async findKmlField(
      viewer: ShootViewer & { fieldScope: 'all' | 'company' | 'own' },
      match: { fieldId: number | string } | { reportUuid: string },
    ): Promise<FieldRow | undefined> {
      const fieldPolicy =
        viewer.fieldScope === 'all'
          ? sql`true`
          : viewer.fieldScope === 'company' && viewer.companyId !== null
            ? or(eq(fields.ownerId, viewer.userId), eq(fields.companyId, viewer.companyId))
            : eq(fields.ownerId, viewer.userId);
      const crewReports = alias(reports, 'crew_report');
      const crewShoot =
        viewer.scope === 'organisation' || viewer.scope === 'pilot'
          ? exists(
              db
                .select({ one: sql`1` })
                .from(shoots)
                .innerJoin(crewReports, eq(crewReports.id, shoots.reportId))
                .leftJoin(droneOperators, eq(droneOperators.id, shoots.droneOperatorId))
                .where(and(eq(crewReports.fieldId, fields.id), visibleTo(viewer))),
            )
          : undefined;
      const visible = crewShoot ? or(fieldPolicy, crewShoot) : fieldPolicy;
      if ('reportUuid' in match) {
        const [row] = await db
          .select({ field: fields })
          .from(reports)
          .innerJoin(fields, eq(fields.id, reports.fieldId))
          .where(and(eq(reports.uuid, match.reportUuid), or(visible, eq(reports.ownerId, viewer.userId))));
        return row?.field;
      }
      const byId =
        typeof match.fieldId === 'number' ? eq(fields.id, match.fieldId) : eq(fields.uuid, match.fieldId);
      const [row] = await db.select().from(fields).where(and(byId, visible));
      return row;
    },
  };
}

export type ShootQueries = ReturnType<typeof shootQueries>;

/** The only code writing the shoots table (the report's moves are the reports module's lifecycle). */
export function createShootRepository(db: Db) {
  return {
    ...shootQueries(db),
    transaction<T>(work: (tx: ShootQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(shootQueries(tx as unknown as Db)));
    },
  };
}
export type ShootRepository = ReturnType<typeof createShootRepository>;
