import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  addresses,
  auditLog,
  companies,
  dataExports,
  datasets,
  datasetUploads,
  emails,
  fields,
  notifications,
  orders,
  reports,
  sessions,
  users,
  userTokens,
} from '../../platform/db/schema.ts';
import { reportLifecycle } from '../reports/lifecycle.ts';

export type DataExportRow = typeof dataExports.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** What a purge removes from storage: the user's reports and the datasets uploaded for them. */
export interface PurgeFiles {
  reportUuids: string[];
  datasetUuids: string[];
  uploadIds: string[];
}

/** The only Drizzle code of the privacy operations: data exports, the export's data, purges. */
export function createPrivacyRepository(db: Db) {
  return {
    async insertExport(userId: number): Promise<DataExportRow> {
      const [row] = await db.insert(dataExports).values({ userId }).returning();
      if (!row) throw new Error('data export insert returned nothing');
      return row;
    },
    async findExport(id: string) {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
      return row;
    },
    async latestExport(userId: number) {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      return row;
    },
    async updateExport(id: string, changes: Partial<typeof dataExports.$inferInsert>) {
      await db.update(dataExports).set(changes).where(eq(dataExports.id, id));
    },
    /** Ready exports whose download time is over (their zip is removed, the row kept as history). */
    expiredExports: (now: Date) =>
      db
        .select()
        .from(dataExports)
        .where(and(isNotNull(dataExports.storageKey), lt(dataExports.expiresAt, now))),

    findUser: async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0],
    companyOf: async (id: number) =>
      (
        await db
          .select({ uuid: companies.uuid, title: companies.title, kind: companies.kind })
          .from(companies)
          .where(eq(companies.id, id))
      )[0],
    sessionsOf: (userId: number) =>
      db
        .select({
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt)),
    addressesOf: (userId: number) =>
      db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    /** Fields the user owns (a company colleague's shared fields are the colleague's data). */
    fieldsOf: (userId: number) =>
      db.select().from(fields).where(eq(fields.ownerId, userId)).orderBy(asc(fields.id)),
    reportsOf: (userId: number) =>
      db.select().from(reports).where(eq(reports.ownerId, userId)).orderBy(asc(reports.id)),
    notificationsOf: (userId: number) =>
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt)),
    /** What was e-mailed to the address: kinds and dates, never the bodies (they held one-time links). */
    emailsTo: (address: string) =>
      db
        .select({
          template: emails.template,
          subject: emails.subject,
          status: emails.status,
          createdAt: emails.createdAt,
          sentAt: emails.sentAt,
        })
        .from(emails)
        .where(eq(emails.toAddress, address))
        .orderBy(asc(emails.id)),

    /** Accounts deleted before the cutoff and not yet purged. */
    deletedBefore: (cutoff: Date) =>
      db
        .select()
        .from(users)
        .where(and(isNull(users.purgedAt), isNotNull(users.deletedAt), lt(users.deletedAt, cutoff)))
        .orderBy(asc(users.id)),

    /**
     * Live accounts unused since the cutoff: no sign-in or authenticated request, no order placed and no
     * report of theirs changed (a shoot, a processed dataset) since then.
     */
    inactiveSince: (cutoff: Date) =>
      db
        .select()
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            isNull(users.purgedAt),
            lt(users.lastActiveAt, cutoff),
            lt(users.createdAt, cutoff),
            notExists(
              db
                .select({ one: sql`1` })
                .from(orders)
                .where(and(eq(orders.userId, users.id), gte(orders.createdAt, cutoff))),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(reports)
                .where(and(eq(reports.ownerId, users.id), gte(reports.updatedAt, cutoff))),
            ),
          ),
        )
        .orderBy(asc(users.id)),

    async filesOf(userId: number): Promise<PurgeFiles> {
      const ownReports = await db
        .select({ id: reports.id, uuid: reports.uuid })
        .from(reports)
        .where(eq(reports.ownerId, userId));
      const reportIds = ownReports.map((r) => r.id);
      if (reportIds.length === 0) return { reportUuids: [], datasetUuids: [], uploadIds: [] };
      const ownDatasets = await db
        .select({ id: datasets.id, uuid: datasets.uuid })
        .from(datasets)
        .where(inArray(datasets.reportId, reportIds));
      const uploads = ownDatasets.length
        ? await db
            .select({ id: datasetUploads.id })
            .from(datasetUploads)
            .where(
              inArray(
                datasetUploads.datasetId,
                ownDatasets.map((d) => d.id),
              ),
            )
        : [];
      return {
        reportUuids: ownReports.map((r) => r.uuid),
        datasetUuids: ownDatasets.map((d) => d.uuid),
        uploadIds: uploads.map((u) => u.id),
      };
    },

    /**
     * Removes the user's personal data in one transaction and leaves an anonymous row that the kept
     * orders (invoices) still point at. Reports on an order stay as the invoice's lines without their
     * results; everything else of theirs goes. Running it again changes nothing.
     */
    purge: (user: UserRow, now: Date, anonymousEmail: string, unusableSecret: string) =>
      db.transaction(async (tx) => {
        await tx.delete(emails).where(eq(emails.toAddress, user.email));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await tx.delete(userTokens).where(eq(userTokens.userId, user.id));
        await tx.delete(addresses).where(eq(addresses.userId, user.id));
        await tx.delete(notifications).where(eq(notifications.userId, user.id));
        await tx.delete(dataExports).where(eq(dataExports.userId, user.id));
        // Cart items were never bought: nothing to keep (shoots and datasets go with them); bought
        // reports lose their results.
        await reportLifecycle(tx as unknown as Db).forgetOwner(user.id, now);
        const ordered = tx
          .select({ id: reports.id })
          .from(reports)
          .where(and(eq(reports.ownerId, user.id), isNotNull(reports.orderId)));
        await tx.delete(datasets).where(inArray(datasets.reportId, ordered));
        // Reports keep their copied field title and area; their fieldId becomes null.
        await tx.delete(fields).where(eq(fields.ownerId, user.id));
        await tx.update(auditLog).set({ actorName: 'Deleted user' }).where(eq(auditLog.actorId, user.id));
        await tx
          .update(auditLog)
          .set({ targetLabel: null })
          .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, user.uuid)));
        await tx
          .update(users)
          .set({
            firstName: 'Deleted',
            lastName: 'user',
            email: anonymousEmail,
            passwordHash: unusableSecret,
            unsubscribeToken: unusableSecret,
            companyId: null,
            mobile: null,
            location: null,
            avatarMd: null,
            avatarXs: null,
            emailVerifiedAt: null,
            privacyAcceptedAt: null,
            termsAcceptedAt: null,
            marketingOptIn: false,
            marketingConsentAt: null,
            invitedAt: null,
            deletedAt: user.deletedAt ?? now,
            purgedAt: now,
            updatedAt: now,
          })
          .where(and(eq(users.id, user.id), isNull(users.purgedAt)));
      }),
  };
}
export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
