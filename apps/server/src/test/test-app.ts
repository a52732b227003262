import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import type { MailTransport, OutgoingMessage } from '../platform/mail/transport.ts';
import { startS3TestServer } from './s3-server.ts';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** The app's real JSON log lines go here instead of being switched off. */
  logOutput?: { write(line: string): unknown };
  /** A second app instance on the database of `sharing` (its own data directory and mail capture). */
  sharing?: TestApp;
  /** Where files go: the local directory, or a fresh bucket on an S3 test server. Default: TEST_STORAGE or local. */
  storage?: 'local' | 's3';
}

/**
 * A real app on a real database: a fresh in-memory PGlite, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set. Mail is captured instead of written. Files go to the data
 * directory, or with `storage: 's3'` (or TEST_STORAGE=s3) to a bucket on s3rver.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-test-'));
  if (options.sharing && !options.sharing.database.connectionString)
    throw new Error('only a PostgreSQL database can be shared by two app instances');
  const { databaseUrl, dropDatabase } = options.sharing
    ? { databaseUrl: options.sharing.database.connectionString, dropDatabase: async () => {} }
    : await freshPostgresDatabase();
  const onS3 = (options.storage ?? process.env.TEST_STORAGE) === 's3';
  const s3 = onS3 ? await startS3TestServer() : null;
  const storageEnv = s3 ? await s3.env() : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Test bank details: orders by wire transfer need them (a test unsets them to see the refusal).
    BANK_NAME: 'Test Bank',
    BANK_IBAN: 'GR00 TEST',
    BANK_BIC: 'TESTGRAA',
    ...storageEnv,
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory' });
  const sent: OutgoingMessage[] = [];
  const mailTransport: MailTransport = {
    async send(message) {
      sent.push(message);
      return { location: `memory:${sent.length}` };
    },
  };
  const { app, storage, routes } = await buildApp({
    config,
    database,
    mailTransport,
    ...(options.logOutput ? { logOutput: options.logOutput } : { logger: false }),
  });
  await app.ready();

  async function waitForMail(to: string, subjectPart: string, timeoutMs = 15_000): Promise<OutgoingMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = sent.findLast((m) => m.to === to && m.subject.includes(subjectPart));
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no e-mail "${subjectPart}" to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    app,
    /** Every route the app registered (method and URL pattern). */
    routes,
    config,
    database,
    /** The app's own file storage (local or S3), to put fixtures in and look at outputs. */
    storage,
    /** The S3_* variables of that bucket (empty on local storage), for processes a test starts. */
    storageEnv,
    sent,
    waitForMail,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function freshPostgresDatabase(): Promise<{
  databaseUrl?: string;
  dropDatabase: () => Promise<void>;
}> {
  // `npm test` runs the suite twice: TEST_DB=pglite, then on TEST_DATABASE_URL when it is set.
  const base = process.env.TEST_DB === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
  if (!base) return { dropDatabase: async () => {} };
  const name = `ampelos_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async dropDatabase() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // Give closing pools a moment to leave, so FORCE only ends stragglers.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Pulls the one link out of an e-mail's text part. */
export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in e-mail:\n${text}`);
  return match[0];
}
