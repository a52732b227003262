import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { addresses } from '../../platform/db/schema.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export function createAddressRepository(db: Db) {
  return {
    listOfUser: (userId: number) =>
      db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.id)),
    async insert(userId: number, values: AddressValues) {
      const [row] = await db
        .insert(addresses)
        .values({ ...values, userId })
        .returning();
      if (!row) throw new Error('address insert returned nothing');
      return row;
    },
    /** Scoped by owner: someone else's address id simply matches nothing. */
    async updateOwned(userId: number, id: number, values: AddressValues) {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row;
    },
    async deleteOwned(userId: number, id: number) {
      const rows = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
