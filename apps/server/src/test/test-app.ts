import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db/database.ts';
import type { MailTransport, OutgoingMessage } from '../platform/mail/transport.ts';
import { TEST_BANK_DETAILS } from './processes.ts';
import { startS3TestServer } from './s3-server.ts';
import { freshEmbeddedDatabase, freshPostgresDatabase } from './test-database.ts';

export { freshPostgresDatabase };

export interface TestAppOptions {
  env?: Record<string, string>;
  /** The app's real JSON log lines go here instead of being switched off. */
  logOutput?: { write(line: string): unknown };
  /** A second app instance on the database of `sharing` (its own data directory and mail capture). */
  sharing?: TestApp;
  /** Free space of the upload disk instead of the real one (local storage). */
  diskFreeBytes?: (dir: string) => Promise<number>;
  /** Where files go: the local directory, or a fresh bucket on an S3 test server. Default: TEST_STORAGE or local. */
  storage?: 'local' | 's3';
}

/**
 * A real app on a real database: a fresh in-memory PGlite, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set (and TEST_DB is not `pglite`). Either is a copy of the run's migrated
 * snapshot or template (test-database.ts), so a new app costs well under a second: create one per file,
 * or one more where a test needs other settings or an empty database. Mail is captured instead of written. Files go to the data
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
    LOGIN_SLOWDOWN_AFTER: '10000',
    LOGIN_LOCK_AFTER: '10000',
    AUTH_MAILS_PER_ADDRESS_PER_HOUR: '10000',
    AUTH_MAILS_PER_RECIPIENT_PER_HOUR: '10000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...TEST_BANK_DETAILS,
    ...storageEnv,
    ...options.env,
  });
  const database: Database = databaseUrl
    ? await openDatabase({ databaseUrl })
    : await freshEmbeddedDatabase();
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
    ...(options.diskFreeBytes ? { diskFreeBytes: options.diskFreeBytes } : {}),
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

/** Pulls the one link out of an e-mail's text part. */
export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in e-mail:\n${text}`);
  return match[0];
}
