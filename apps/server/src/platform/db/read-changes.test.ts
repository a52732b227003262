import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createField, createReport, createShoot, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createReadChanges } from './read-changes.ts';
import { reports, shoots } from './schema.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const noted = async (key: string) =>
  (
    await ctx.database.executor.executeSql('SELECT count(*)::int AS n FROM read_changes WHERE key = $1', [
      key,
    ])
  ).rows as { n: number }[];

describe('read_changes (migration 0012)', () => {
  it('answers "changed" for a write a snapshot did not see, under its keys only', async () => {
    const changes = createReadChanges({ executor: ctx.database.executor });
    const { user } = await createUser(ctx, { role: 'b2c_admin' });
    const other = await createUser(ctx, { role: 'b2c_admin' });
    const keys = [`u:${user.id}`];
    const before = (await changes.check(keys, null)).snapshot;
    expect((await changes.check(keys, before)).changed).toBe(false);

    await createField(ctx, user);
    expect((await changes.check(keys, before)).changed).toBe(true);
    expect((await changes.check(['*'], before)).changed).toBe(true);
    expect((await changes.check([`u:${other.user.id}`], before)).changed).toBe(false);
    const after = (await changes.check(keys, before)).snapshot;
    expect((await changes.check(keys, after)).changed).toBe(false);
  });

  it('prunes only below a horizon taken at least the kept time ago', async () => {
    const { user } = await createUser(ctx, { role: 'b2c_admin' });
    await createField(ctx, user);
    const key = `u:${user.id}`;
    expect((await noted(key))[0]?.n).toBe(1);
    const sql = (text: string) => ctx.database.executor.executeSql(text, []);
    // Within the kept hour nothing goes.
    await sql(`SELECT read_changes_prune('1 hour')`);
    expect((await noted(key))[0]?.n).toBe(1);
    // The first call moves the horizon (the oldest transaction still running then, on the whole server);
    // the next deletes what is below it and nothing else.
    await sql(`SELECT read_changes_prune('0 seconds')`);
    const horizon = (await sql('SELECT oldest_xid::text AS xid FROM read_changes_horizon')).rows as {
      xid: string;
    }[];
    const ours = (await sql(`SELECT xid::text AS xid FROM read_changes WHERE key = '${key}'`)).rows as {
      xid: string;
    }[];
    await sql(`SELECT read_changes_prune('0 seconds')`);
    const below = await sql(`SELECT 1 FROM read_changes WHERE xid < '${horizon[0]?.xid}'::xid8`);
    expect(below.rows).toEqual([]);
    const kept = BigInt(ours[0]?.xid ?? 0) >= BigInt(horizon[0]?.xid ?? 0) ? 1 : 0;
    expect((await noted(key))[0]?.n).toBe(kept);
  });
});

describe('read_changes triggers of reports and shoots', () => {
  /** Which of `keys` a write noted: each key checked against the snapshot taken just before it. */
  async function notedBy(keys: string[], write: () => Promise<unknown>) {
    const changes = createReadChanges({ executor: ctx.database.executor });
    const before = await Promise.all(keys.map(async (key) => (await changes.check([key], null)).snapshot));
    await write();
    const changed = await Promise.all(keys.map((key, k) => changes.check([key], before[k] ?? null)));
    return keys.filter((_key, k) => changed[k]?.changed);
  }

  it('note the report owner, the field owner and the field company on insert, update and delete', async () => {
    const company = await createCompany(ctx);
    const { user: fieldOwner } = await createUser(ctx, { role: 'b2b_admin', companyId: company.id });
    const { user: reportOwner } = await createUser(ctx, { role: 'b2c_admin' });
    const { user: stranger } = await createUser(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, fieldOwner);
    const keys = [`u:${reportOwner.id}`, `u:${fieldOwner.id}`, `c:${company.id}`, `u:${stranger.id}`];
    const concerned = keys.slice(0, 3);

    let report = { id: 0 };
    expect(await notedBy(keys, async () => (report = await createReport(ctx, reportOwner, field)))).toEqual(
      concerned,
    );
    const db = ctx.database.db;
    const update = () => db.update(reports).set({ status: 'complete' }).where(eq(reports.id, report.id));
    expect(await notedBy(keys, update)).toEqual(concerned);

    let shoot = { id: 0 };
    expect(await notedBy(keys, async () => (shoot = await createShoot(ctx, report)))).toEqual(concerned);
    const moveShoot = () => db.update(shoots).set({ status: 'confirmed' }).where(eq(shoots.id, shoot.id));
    expect(await notedBy(keys, moveShoot)).toEqual(concerned);
    expect(await notedBy(keys, () => db.delete(shoots).where(eq(shoots.id, shoot.id)))).toEqual(concerned);
    expect(await notedBy(keys, () => db.delete(reports).where(eq(reports.id, report.id)))).toEqual(concerned);
  });

  it('note only the report owner for a report without a field, and nothing for an empty write', async () => {
    const { user: owner } = await createUser(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, owner);
    const report = await createReport(ctx, owner, field, { fieldId: null });
    const keys = [`u:${owner.id}`, '*'];
    const db = ctx.database.db;
    const touch = () => db.update(reports).set({ status: 'complete' }).where(eq(reports.id, report.id));
    expect(await notedBy(keys, touch)).toEqual(keys);
    const none = () => db.update(reports).set({ status: 'complete' }).where(eq(reports.id, -1));
    expect(await notedBy(keys, none)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB === 'pglite')(
  'read_changes with concurrent transactions',
  () => {
    it('sees a write that commits after a later one, whatever the commit order', async () => {
      const changes = createReadChanges({ executor: ctx.database.executor });
      const { user } = await createUser(ctx, { role: 'b2c_admin' });
      const keys = [`u:${user.id}`];
      const slow = new pg.Client({ connectionString: ctx.database.connectionString });
      await slow.connect();
      try {
        await slow.query('BEGIN');
        await slow.query(`SELECT read_changes_note(ARRAY['u:${user.id}'])`);
        // A cached answer read now cannot hold the slow write; a quicker one commits meanwhile.
        const during = (await changes.check(keys, null)).snapshot;
        await createField(ctx, user);
        const afterQuick = (await changes.check(keys, during)).snapshot;
        expect((await changes.check(keys, during)).changed).toBe(true);
        expect((await changes.check(keys, afterQuick)).changed).toBe(false);
        await slow.query('COMMIT');
        // The slow transaction started before `afterQuick` but committed after it: still seen.
        expect((await changes.check(keys, afterQuick)).changed).toBe(true);
      } finally {
        await slow.end();
      }
    });
  },
);
