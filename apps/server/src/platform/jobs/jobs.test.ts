import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/silent-logger.ts';
import { freshEmbeddedDatabase, freshPostgresDatabase } from '../../test/test-database.ts';
import { type Database, openDatabase } from '../db/database.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import { createPostgresBus } from '../realtime/postgres-bus.ts';
import { type Jobs, type JobWake, startJobs } from './jobs.ts';

/**
 * Workers here would look for work by themselves only after an hour: a job that runs within the test's
 * time was started by a wake-up (a send's announcement, or the timer of a retry's start).
 */
const NO_IDLE_POLL = { idlePollSeconds: 3600 };

/** Attempts a handler saw, awaited one at a time. */
function attempts() {
  const seen: { emailId: number; retryCount: number }[] = [];
  const waiting: (() => void)[] = [];
  return {
    record(entry: { emailId: number; retryCount: number }) {
      seen.push(entry);
      for (const wake of waiting.splice(0)) wake();
    },
    async until(count: number) {
      while (seen.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
      return seen;
    },
  };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function jobsOn(database: Database, runWorker: boolean, wake?: JobWake): Promise<Jobs> {
  const jobs = await startJobs({
    database,
    logger: silentLogger,
    runWorker,
    retryDelaySeconds: 1,
    ...NO_IDLE_POLL,
    ...(wake ? { wake } : {}),
  });
  cleanup.push(() => jobs.stop(0));
  return jobs;
}

describe('jobs on the embedded database', () => {
  it('starts a sent job at once and a failed one again at its retry time', async () => {
    const database = await freshEmbeddedDatabase();
    cleanup.push(() => database.close());
    const jobs = await jobsOn(database, true);
    const seen = attempts();
    await jobs.handle('mail.send', async (data, attempt) => {
      seen.record({ emailId: data.emailId, retryCount: attempt.retryCount });
      if (data.emailId === 2 && attempt.retryCount === 0) throw new Error('the first attempt fails');
    });

    await jobs.send('mail.send', { emailId: 1 });
    expect(await seen.until(1)).toEqual([{ emailId: 1, retryCount: 0 }]);

    // The retry waits 1–2 s (back-off) and is started by the timer set for it, not by a poll.
    await jobs.send('mail.send', { emailId: 2 });
    expect((await seen.until(3)).slice(1)).toEqual([
      { emailId: 2, retryCount: 0 },
      { emailId: 2, retryCount: 1 },
    ]);
    // Stopping waits for the running handler's outcome to be written.
    await jobs.stop(5000);
    const { rows } = await database.executor.executeSql(
      `SELECT data->>'emailId' AS email, state::text AS state FROM pgboss.job WHERE name = 'mail.send' ORDER BY 1`,
      [],
    );
    expect(rows).toEqual([
      { email: '1', state: 'completed' },
      { email: '2', state: 'completed' },
    ]);
  }, 30_000);
});

const postgresUrl = process.env.TEST_DB === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('jobs across two processes on PostgreSQL', () => {
  /** What app.ts gives the jobs: wake-ups carried by the realtime bus (LISTEN/NOTIFY). */
  function wakeOver(bus: RealtimeBus): JobWake {
    return {
      publish: (queue) => bus.publish({ job: queue }),
      subscribe: (listener) =>
        bus.subscribe((envelope) => {
          if ('job' in envelope) listener({ queue: envelope.job });
        }),
    };
  }

  async function instance(databaseUrl: string, runWorker: boolean) {
    const database = await openDatabase({ databaseUrl });
    cleanup.push(() => database.close());
    const bus = await createPostgresBus({
      connectionString: databaseUrl,
      query: database.executor.executeSql,
      logger: silentLogger,
    });
    cleanup.push(() => bus.close());
    return jobsOn(database, runWorker, wakeOver(bus));
  }

  it("runs a job sent by one instance on the other's worker at once", async () => {
    const { databaseUrl, dropDatabase } = await freshPostgresDatabase();
    cleanup.push(dropDatabase);
    const api = await instance(databaseUrl as string, false);
    const worker = await instance(databaseUrl as string, true);
    const seen = attempts();
    // The API-only instance registers the handler too (as app.ts does) and runs nothing.
    await api.handle('mail.send', async () => {
      throw new Error('an API-only process ran a job');
    });
    await worker.handle('mail.send', async (data, attempt) => {
      seen.record({ emailId: data.emailId, retryCount: attempt.retryCount });
      if (data.emailId === 8 && attempt.retryCount === 0) throw new Error('the first attempt fails');
    });

    await api.send('mail.send', { emailId: 7 });
    expect(await seen.until(1)).toEqual([{ emailId: 7, retryCount: 0 }]);
    await api.send('mail.send', { emailId: 8 }, { key: 'eight' });
    expect((await seen.until(3)).slice(1)).toEqual([
      { emailId: 8, retryCount: 0 },
      { emailId: 8, retryCount: 1 },
    ]);
  }, 30_000);
});
