import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { fields, reports, shoots, users } from '../../platform/db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;

export interface ReportWithContext {
  report: ReportRow;
  field: { uuid: string; title: string } | null;
  shoot: { status: string } | null;
  owner: { id: number; email: string; firstName: string; lang: string };
}

/** The only code touching reports for status changes by staff. */
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

    /** Moves a report only from the status it was read in; answers the row, or undefined if it moved meanwhile. */
    async move(id: number, from: string, to: string): Promise<ReportRow | undefined> {
      const [row] = await db
        .update(reports)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(reports.id, id), eq(reports.status, from)))
        .returning();
      return row;
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
