import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { emails } from '../../platform/db/schema.ts';

export type EmailRow = typeof emails.$inferSelect;
export type NewEmail = typeof emails.$inferInsert;

export function createMailRepository(db: Db) {
  return {
    async insert(email: NewEmail): Promise<EmailRow> {
      const [row] = await db.insert(emails).values(email).returning();
      if (!row) throw new Error('e-mail insert returned nothing');
      return row;
    },
    async findById(id: number): Promise<EmailRow | undefined> {
      const [row] = await db.select().from(emails).where(eq(emails.id, id));
      return row;
    },
    async markSent(id: number) {
      // The body may contain a one-time link: keep it only as long as delivery needs it.
      await db
        .update(emails)
        .set({
          status: 'sent',
          sentAt: new Date(),
          textBody: null,
          htmlBody: null,
          attempts: sql`${emails.attempts} + 1`,
        })
        .where(eq(emails.id, id));
    },
    async markFailed(id: number, error: string) {
      await db
        .update(emails)
        .set({ status: 'failed', lastError: error.slice(0, 1000), attempts: sql`${emails.attempts} + 1` })
        .where(eq(emails.id, id));
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
