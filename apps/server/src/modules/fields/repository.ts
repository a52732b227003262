import type { RecordFacts } from '@ampelos/domain';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { fields, users } from '../../platform/db/schema.ts';

export type FieldRow = typeof fields.$inferSelect;
export type NewFieldValues = Omit<typeof fields.$inferInsert, 'id' | 'uuid' | 'createdAt' | 'updatedAt'>;
export type FieldChanges = Pick<
  typeof fields.$inferInsert,
  'title' | 'variety' | 'usedFor' | 'age' | 'altitude' | 'slope' | 'avgPlantHeight'
>;

/** Who is asking, as the visibility condition needs it. */
export interface FieldViewer {
  scope: 'all' | 'company' | 'own';
  userId: number;
  companyId: number | null;
}

export interface FieldOwner {
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
}
export type FieldWithOwner = { field: FieldRow; owner: FieldOwner };

const ownerColumns = {
  uuid: users.uuid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Own fields always; the company's for company scope (only with a company); everything for staff. */
function visibleTo(viewer: FieldViewer): SQL | undefined {
  if (viewer.scope === 'all') return undefined;
  const own = eq(fields.ownerId, viewer.userId);
  if (viewer.scope === 'company' && viewer.companyId !== null) {
    return or(own, eq(fields.companyId, viewer.companyId));
  }
  return own;
}

/** Fields as the access helper's policies see them (owner and company), by uuid, in one query. */
export function fieldAccessFacts(db: Db) {
  return async (uuids: readonly string[]): Promise<Map<string, RecordFacts>> => {
    const rows = await db
      .select({ uuid: fields.uuid, ownerId: fields.ownerId, companyId: fields.companyId })
      .from(fields)
      .where(inArray(fields.uuid, [...uuids]));
    return new Map(rows.map((row) => [row.uuid, { ownerId: row.ownerId, ownerCompanyId: row.companyId }]));
  };
}

/** The only code touching fields. Every read and write is scoped by the viewer. */
export function createFieldRepository(db: Db) {
  const selectWithOwner = () =>
    db
      .select({ field: fields, owner: ownerColumns })
      .from(fields)
      .innerJoin(users, eq(users.id, fields.ownerId));

  async function findVisible(viewer: FieldViewer, match: SQL): Promise<FieldWithOwner | undefined> {
    const [row] = await selectWithOwner().where(and(match, visibleTo(viewer)));
    return row;
  }

  // The list is the hot read: one prepared statement per visibility, the viewer as parameters.
  const newestFirst = [desc(fields.createdAt), desc(fields.id)] as const;
  const userId = sql.placeholder('userId');
  const companyId = sql.placeholder('companyId');
  const listStatements = {
    all: selectWithOwner()
      .orderBy(...newestFirst)
      .prepare('fields_list_all'),
    company: selectWithOwner()
      .where(or(eq(fields.ownerId, userId), eq(fields.companyId, companyId)))
      .orderBy(...newestFirst)
      .prepare('fields_list_company'),
    own: selectWithOwner()
      .where(eq(fields.ownerId, userId))
      .orderBy(...newestFirst)
      .prepare('fields_list_own'),
  };

  return {
    listVisible: (viewer: FieldViewer): Promise<FieldWithOwner[]> => {
      const statement =
        viewer.scope === 'all'
          ? listStatements.all
          : viewer.scope === 'company' && viewer.companyId !== null
            ? listStatements.company
            : listStatements.own;
      return statement.execute({ userId: viewer.userId, companyId: viewer.companyId });
    },
    findVisibleByUuid: (viewer: FieldViewer, uuid: string) => findVisible(viewer, eq(fields.uuid, uuid)),
    findVisibleById: (viewer: FieldViewer, id: number) => findVisible(viewer, eq(fields.id, id)),
    async insert(values: NewFieldValues): Promise<FieldRow> {
      const [row] = await db.insert(fields).values(values).returning();
      if (!row) throw new Error('field insert returned nothing');
      return row;
    },
    async update(id: number, changes: FieldChanges): Promise<FieldRow> {
      const [row] = await db
        .update(fields)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(fields.id, id))
        .returning();
      if (!row) throw new Error('field update returned nothing');
      return row;
    },
    async delete(id: number) {
      await db.delete(fields).where(eq(fields.id, id));
    },
  };
}
export type FieldRepository = ReturnType<typeof createFieldRepository>;
