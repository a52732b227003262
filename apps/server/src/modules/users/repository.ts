import type { RecordFacts, Role } from '@ampelos/domain';
import { and, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { companies, sessions, users, userTokens } from '../../platform/db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type TokenKind = 'verify_email' | 'password_reset';

/** The company columns the Users screen shows with a user. */
export interface UserCompanySummary {
  id: number;
  uuid: string;
  title: string;
  email: string | null;
  telephone: string | null;
  activity: string | null;
  kind: string;
}
export interface DirectoryEntry {
  user: UserRow;
  company: UserCompanySummary | null;
}

/** Which users a directory query may return: everyone, or one company's (plus the caller). */
export type DirectoryScope = { kind: 'all' } | { kind: 'company'; companyId: number | null; selfId: number };
export interface DirectoryFilter {
  role?: string;
  /** Case-insensitive part of the first name. */
  firstName?: string;
  id?: number;
  uuid?: string;
}

const DIRECTORY_LIMIT = 2000;

/**
 * The user columns a signed-in request needs (its policies and `GET /api/user`): never the password
 * hash or the one-time tokens, which stay in the database until a use case reads them itself.
 */
const sessionUserColumns = {
  id: users.id,
  uuid: users.uuid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  companyId: users.companyId,
  lang: users.lang,
  mobile: users.mobile,
  location: users.location,
  avatarXs: users.avatarXs,
  avatarMd: users.avatarMd,
  emailVerifiedAt: users.emailVerifiedAt,
  marketingOptIn: users.marketingOptIn,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
};
export type SessionUser = { [K in keyof typeof sessionUserColumns]: UserRow[K] };
export interface SessionWithUser {
  sessionId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  user: SessionUser;
}

function directoryCondition(scope: DirectoryScope, filter: DirectoryFilter): SQL | undefined {
  const scoped =
    scope.kind === 'all'
      ? undefined
      : scope.companyId === null
        ? eq(users.id, scope.selfId)
        : or(eq(users.companyId, scope.companyId), eq(users.id, scope.selfId));
  const term = filter.firstName?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    isNull(users.deletedAt),
    scoped,
    filter.role ? eq(users.role, filter.role) : undefined,
    term ? ilike(users.firstName, `%${term}%`) : undefined,
    filter.id !== undefined ? eq(users.id, filter.id) : undefined,
    filter.uuid !== undefined ? eq(users.uuid, filter.uuid) : undefined,
  );
}

/**
 * Users as the access helper's policies see them (the user, its company and role), by uuid, in one
 * query; a deleted account is no record (as in the directory).
 */
export function userAccessFacts(db: Db) {
  return async (uuids: readonly string[]): Promise<Map<string, RecordFacts>> => {
    const rows = await db
      .select({ uuid: users.uuid, id: users.id, companyId: users.companyId, role: users.role })
      .from(users)
      .where(and(inArray(users.uuid, [...uuids]), isNull(users.deletedAt)));
    return new Map(
      rows.map((row) => [
        row.uuid,
        { ownerId: row.id, ownerCompanyId: row.companyId, ownerRole: row.role as Role },
      ]),
    );
  };
}

/** The only code touching users, sessions and one-time tokens. */
export function createUserRepository(db: Db) {
  // Every authenticated request runs this: one round trip, planned once per connection.
  const sessionLookup = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(users.deletedAt)))
    .prepare('session_lookup');
  return {
    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },
    async findByEmail(email: string) {
      // A closed account's address is free again: only live accounts sign in or are found by e-mail.
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)));
      return row;
    },
    async findById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByUuid(uuid: string) {
      const [row] = await db.select().from(users).where(eq(users.uuid, uuid));
      return row;
    },
    async findByUnsubscribeToken(token: string) {
      const [row] = await db.select().from(users).where(eq(users.unsubscribeToken, token));
      return row;
    },
    async update(id: number, changes: Partial<NewUser>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error('user update returned nothing');
      return row;
    },
    /**
     * Closes an account: no sign-in, no session, no mail, out of every list; its data stays until the
     * privacy purge 60 days later (modules/privacy).
     */
    close: (id: number, now: Date) =>
      db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ deletedAt: now, avatarMd: null, avatarXs: null, marketingOptIn: false, updatedAt: now })
          .where(eq(users.id, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(userTokens).where(eq(userTokens.userId, id));
      }),
    /** Counts for the 6-year retention; written at most once a day per user. */
    async touchActive(id: number, now: Date) {
      await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, id));
    },
    /** Users with their company, newest first, within the scope and filter. */
    directory: (scope: DirectoryScope, filter: DirectoryFilter = {}): Promise<DirectoryEntry[]> =>
      db
        .select({
          user: users,
          company: {
            id: companies.id,
            uuid: companies.uuid,
            title: companies.title,
            email: companies.email,
            telephone: companies.telephone,
            activity: companies.activity,
            kind: companies.kind,
          },
        })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(directoryCondition(scope, filter))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(DIRECTORY_LIMIT),
    async findCompany(id: number): Promise<UserCompanySummary | undefined> {
      const [row] = await db
        .select({
          id: companies.id,
          uuid: companies.uuid,
          title: companies.title,
          email: companies.email,
          telephone: companies.telephone,
          activity: companies.activity,
          kind: companies.kind,
        })
        .from(companies)
        .where(eq(companies.id, id));
      return row;
    },
    /** A new user, in a new drone operator organisation when `organisation` is given (one transaction). */
    insertInvited: (user: NewUser, organisation?: { title: string }): Promise<UserRow> =>
      db.transaction(async (tx) => {
        let companyId = user.companyId ?? null;
        if (organisation) {
          const [company] = await tx
            .insert(companies)
            .values({ title: organisation.title, kind: 'drone_operator' })
            .returning({ id: companies.id });
          companyId = company?.id ?? null;
        }
        const [row] = await tx
          .insert(users)
          .values({ ...user, companyId })
          .returning();
        if (!row) throw new Error('user insert returned nothing');
        return row;
      }),

    async insertSession(session: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(session);
    },
    /** The live session of a token with its (not closed) user, or undefined. */
    async findSessionWithUser(tokenHash: string): Promise<SessionWithUser | undefined> {
      const [row] = await sessionLookup.execute({ tokenHash });
      return row;
    },
    async passwordHashOf(id: number): Promise<string | undefined> {
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
      return row?.passwordHash;
    },
    /** The ids of a user's sessions (revocation closes their sockets). */
    async sessionIdsOf(userId: number): Promise<number[]> {
      const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
      return rows.map((row) => row.id);
    },
    async touchSession(id: number, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },
    /** Returns the deleted session (null when there was none). */
    async deleteSession(tokenHash: string): Promise<{ id: number; userId: number } | null> {
      const [row] = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, tokenHash))
        .returning({ id: sessions.id, userId: sessions.userId });
      return row ?? null;
    },
    async deleteSessionById(id: number) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    /** Ends every session of a user, or every one but the current (password change keeps the caller in). */
    async deleteSessionsOfUser(userId: number, exceptTokenHash?: string) {
      const condition = exceptTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash))
        : eq(sessions.userId, userId);
      await db.delete(sessions).where(condition);
    },
    async deleteExpiredSessions(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
    async countSessions(userId: number) {
      return (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
    },

    async insertToken(token: typeof userTokens.$inferInsert) {
      await db.insert(userTokens).values(token);
    },
    /** Marks a live token used and returns its user id; null when unknown, used or expired. */
    async consumeToken(kind: TokenKind, tokenHash: string, now: Date): Promise<number | null> {
      const [row] = await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(userTokens.kind, kind),
            eq(userTokens.tokenHash, tokenHash),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, now),
          ),
        )
        .returning({ userId: userTokens.userId });
      return row?.userId ?? null;
    },
    async invalidateTokens(userId: number, kind: TokenKind, now: Date) {
      await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
