import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { addresses, companies, users } from '../../platform/db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'uuid' | 'createdAt' | 'updatedAt'>;
export interface BillingAddressValues {
  city: string;
  country: string;
  state: string;
  zipPostcode: string;
  line1: string;
}

function companyQueries(db: Db) {
  return {
    async findById(id: number): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row;
    },

    /** The user's company id, read under a row lock so two first saves cannot create two companies. */
    async lockUserCompanyId(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ companyId: users.companyId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row?.companyId ?? null;
    },

    async insert(values: CompanyValues): Promise<CompanyRow> {
      const [row] = await db.insert(companies).values(values).returning();
      if (!row) throw new Error('company insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<CompanyValues>): Promise<CompanyRow> {
      const [row] = await db
        .update(companies)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning();
      if (!row) throw new Error('company update returned nothing');
      return row;
    },

    async linkUser(userId: number, companyId: number) {
      await db.update(users).set({ companyId, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Adds the billing address to the user's address book unless the same one is there already. */
    async addBillingAddressOnce(userId: number, values: BillingAddressValues) {
      const [existing] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(
          and(
            eq(addresses.userId, userId),
            eq(addresses.isBilling, true),
            eq(addresses.city, values.city),
            eq(addresses.country, values.country),
            eq(addresses.state, values.state),
            eq(addresses.zipPostcode, values.zipPostcode),
            eq(addresses.line1, values.line1),
          ),
        )
        .limit(1);
      if (existing) return;
      await db.insert(addresses).values({ ...values, userId, isBilling: true, isShipping: false });
    },
  };
}
export type CompanyQueries = ReturnType<typeof companyQueries>;

/** The only code touching companies (and, for the invoice form, the user's link and address book). */
export function createCompanyRepository(db: Db) {
  return {
    ...companyQueries(db),
    transaction<T>(work: (tx: CompanyQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(companyQueries(tx as unknown as Db)));
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
