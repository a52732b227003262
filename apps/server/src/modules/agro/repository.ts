import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { fields } from '../../platform/db/schema.ts';

export type AgroFieldRow = Pick<
  typeof fields.$inferSelect,
  'id' | 'uuid' | 'title' | 'polygon' | 'centroidLat' | 'centroidLng' | 'agroId'
>;

const columns = {
  id: fields.id,
  uuid: fields.uuid,
  title: fields.title,
  polygon: fields.polygon,
  centroidLat: fields.centroidLat,
  centroidLng: fields.centroidLng,
  agroId: fields.agroId,
};

/** The only code touching fields for agronomy data: polygon ids at the satellite provider. */
export function createAgroRepository(db: Db) {
  return {
    async fieldUuidByAgroId(agroId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ uuid: fields.uuid })
        .from(fields)
        .where(eq(fields.agroId, agroId))
        .limit(1);
      return row?.uuid;
    },
    fieldsWithoutAgroId(limit: number): Promise<AgroFieldRow[]> {
      return db.select(columns).from(fields).where(isNull(fields.agroId)).orderBy(fields.id).limit(limit);
    },
    /** Stores the polygon id unless another call stored one meanwhile. */
    async setAgroId(fieldId: number, agroId: string): Promise<boolean> {
      const updated = await db
        .update(fields)
        .set({ agroId })
        .where(and(eq(fields.id, fieldId), isNull(fields.agroId)))
        .returning({ id: fields.id });
      return updated.length > 0;
    },
  };
}
export type AgroRepository = ReturnType<typeof createAgroRepository>;
