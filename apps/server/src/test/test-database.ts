import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db/database.ts';
import { startJobs } from '../platform/jobs/jobs.ts';
import { silentLogger } from './silent-logger.ts';

/**
 * A migrated database per test file in milliseconds. Once per run (vitest globalSetup,
 * `prepareTestDatabases`) the schema is built once: the drizzle migrations plus pg-boss's own schema and
 * queues. Each file then gets a copy: a PGlite data-directory snapshot loaded into a fresh in-memory
 * PGlite, or on PostgreSQL `CREATE DATABASE … TEMPLATE` (a file copy, no migrations).
 *
 * Outside vitest (benches) or without the global setup, every database is built from scratch as before.
 */

/** Where the global setup leaves the PGlite snapshot (a tarball of a migrated data directory). */
const SNAPSHOT_ENV = 'AMPELOS_TEST_PGLITE_SNAPSHOT';
/** The PostgreSQL template database of this run (unique per run: other developers share the server). */
const TEMPLATE_ENV = 'AMPELOS_TEST_PG_TEMPLATE';
/** Template databases of runs that died before their teardown are dropped after this long. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/** `npm test` runs the suite on PGlite and again on TEST_DATABASE_URL; TEST_DB=pglite forces PGlite. */
export function testPostgresUrl(): string | undefined {
  return process.env.TEST_DB === 'pglite' ? undefined : process.env.TEST_DATABASE_URL || undefined;
}

/** Everything a fresh app creates in its database before its first request: migrations, job queues. */
async function buildSchema(database: Database): Promise<void> {
  const jobs = await startJobs({ database, logger: silentLogger, runWorker: false });
  await jobs.stop(0);
}

/**
 * Builds this run's PGlite snapshot and, when `postgresUrl` is given, its PostgreSQL template; sets the
 * variables the test workers read. Returns the teardown (drops the template, removes the snapshot).
 */
export async function prepareTestDatabases(options: { postgresUrl?: string }): Promise<() => Promise<void>> {
  // Several projects of one run (the PGlite, PostgreSQL and S3 passes) share one snapshot and template.
  const shared = globalThis as { ampelosTestDatabases?: Map<string, Promise<() => Promise<void>>> };
  shared.ampelosTestDatabases ??= new Map();
  const teardowns: (() => Promise<void>)[] = [];
  for (const key of options.postgresUrl ? ['pglite', 'postgres'] : ['pglite']) {
    if (shared.ampelosTestDatabases.has(key)) continue;
    const prepared = key === 'pglite' ? prepareSnapshot() : prepareTemplate(options.postgresUrl as string);
    shared.ampelosTestDatabases.set(key, prepared);
    teardowns.push(await prepared);
  }
  return async () => {
    for (const teardown of teardowns) await teardown();
  };
}

async function prepareSnapshot(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-test-db-'));
  const snapshotFile = path.join(dir, 'pglite.tar');
  const client = new PGlite();
  const embedded = await openDatabase({ pgliteClient: client });
  await buildSchema(embedded);
  await client.exec('CHECKPOINT');
  const tarball = await client.dumpDataDir('none');
  await writeFile(snapshotFile, Buffer.from(await tarball.arrayBuffer()));
  await embedded.close();
  process.env[SNAPSHOT_ENV] = snapshotFile;
  return () => rm(dir, { recursive: true, force: true });
}

async function prepareTemplate(postgresUrl: string): Promise<() => Promise<void>> {
  await dropStaleTemplates(postgresUrl);
  const template = `ampelos_tpl_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgresUrl, `CREATE DATABASE ${template}`);
  const database = await openDatabase({ databaseUrl: urlFor(postgresUrl, template) });
  await buildSchema(database);
  await database.close();
  process.env[TEMPLATE_ENV] = template;
  return () => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}

async function dropStaleTemplates(base: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'ampelos\\_tpl\\_%'",
    );
    for (const { datname } of rows) {
      const createdAt = Number(datname.split('_')[2]);
      if (Number.isFinite(createdAt) && Date.now() - createdAt > STALE_TEMPLATE_MS)
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

async function adminQuery(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function urlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

let snapshot: Promise<Blob> | undefined;

/** A fresh in-memory PGlite: a copy of the run's snapshot when there is one, else migrated from scratch. */
export async function freshEmbeddedDatabase(): Promise<Database> {
  const file = process.env[SNAPSHOT_ENV];
  if (!file) return openDatabase({ pgliteDir: 'memory' });
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return openDatabase({ pgliteClient: new PGlite({ loadDataDir: await snapshot }) });
}

/**
 * A new, empty-but-migrated PostgreSQL database on TEST_DATABASE_URL (nothing when the run is on PGlite),
 * copied from the run's template when there is one. `dropDatabase` removes it.
 */
export async function freshPostgresDatabase(): Promise<{
  databaseUrl?: string;
  dropDatabase: () => Promise<void>;
}> {
  const base = testPostgresUrl();
  if (!base) return { dropDatabase: async () => {} };
  const name = `ampelos_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[TEMPLATE_ENV];
  await adminQuery(
    base,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  return {
    databaseUrl: urlFor(base, name),
    async dropDatabase() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        // Closing pools leave on their own within moments; FORCE only ends stragglers after that.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
