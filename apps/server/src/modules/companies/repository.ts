import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
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

export interface CompanyMember {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  companyId: number | null;
  createdAt: Date;
}

/** The Companies screen: lists with user counts and a company's members. */
function directoryQueries(db: Db) {
  return {
    /** Every company (or the one given), newest first, with its number of users. */
    listWithUserCounts: (onlyId?: number) =>
      db
        .select({ company: companies, userCount: count(users.id) })
        .from(companies)
        .leftJoin(users, eq(users.companyId, companies.id))
        .where(onlyId === undefined ? undefined : eq(companies.id, onlyId))
        .groupBy(companies.id)
        .orderBy(desc(companies.createdAt), desc(companies.id)),
    async findByUuid(uuid: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.uuid, uuid));
      return row;
    },
    members: (companyId: number): Promise<CompanyMember[]> =>
      db
        .select({
          id: users.id,
          uuid: users.uuid,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
          companyId: users.companyId,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
        .orderBy(asc(users.createdAt), asc(users.id)),
  };
}

/** The only code touching companies (and, for the invoice form, the user's link and address book). */
export function createCompanyRepository(db: Db) {
  return {
    ...companyQueries(db),
    ...directoryQueries(db),
    transaction<T>(work: (tx: CompanyQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(companyQueries(tx as unknown as Db)));
    },
  };
}
export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
