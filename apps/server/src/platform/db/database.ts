import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DamagedDatabaseError, isPgliteAbort } from './damaged-database.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What pg-boss needs to run its SQL on the same database (embedded mode). */
export interface SqlExecutor {
  /** `name` makes it a prepared statement on PostgreSQL (parsed once per connection); PGlite ignores it. */
  executeSql(text: string, values?: unknown[], name?: string): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PostgreSQL: pg-boss opens its own pool there. */
  connectionString?: string;
  executor: SqlExecutor;
  /** Embedded only: writes a consistent gzipped tarball of the PGlite data directory (backups). */
  dumpEmbedded?: (file: string) => Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/** `DATABASE_URL` → PostgreSQL; otherwise an embedded PGlite in `dataDir` (or in memory for tests). */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string | 'memory';
  /** An embedded client opened by the caller (tests load a migrated snapshot into it); it is migrated too. */
  pgliteClient?: PGlite;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      executor: {
        executeSql: (text, values, name) =>
          name
            ? pool.query({ name, text, values: values as unknown[] })
            : pool.query(text, values as unknown[]),
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory';
  if (dir !== 'memory' && !options.pgliteClient) await mkdir(dir, { recursive: true });
  const client =
    options.pgliteClient ?? (dir === 'memory' ? new PGlite() : await openPgliteDir(path.resolve(dir)));
  await client.waitReady;
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (error) {
    if (dir !== 'memory' && isPgliteAbort(error)) throw new DamagedDatabaseError(path.resolve(dir), error);
    throw error;
  }
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    executor: {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        // pg-boss sends multi-statement scripts without parameters; exec runs them all.
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    async dumpEmbedded(file) {
      await client.exec('CHECKPOINT');
      // PGlite holds its exclusive lock while it copies: no statement or transaction runs meanwhile.
      const tarball = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    },
    close: () => client.close(),
  };
}

/** Opens an embedded database folder; one PGlite cannot start from is reported as damaged. */
async function openPgliteDir(dir: string): Promise<PGlite> {
  const client = new PGlite(dir);
  try {
    await client.waitReady;
    await client.query('select 1');
    return client;
  } catch (error) {
    await client.close().catch(() => {});
    throw new DamagedDatabaseError(dir, error);
  }
}
