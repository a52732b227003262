import { createHash } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { startDuePoll } from './due-poll.ts';
import type { JobName, JobObserver, JobPayloads, Jobs, QueueDepth } from './job-types.ts';
import { runJob } from './run-job.ts';

export type {
  JobAttempt,
  JobHandler,
  JobName,
  JobObserver,
  JobPayloads,
  Jobs,
  QueueDepth,
  SendOptions,
} from './job-types.ts';

const JOB_NAMES: JobName[] = [
  'mail.send',
  'dataset.ingest',
  'dataset.fanout',
  'dataset.measure',
  'dataset.detect',
  'dataset.finalize',
  'report.pdf',
  'agro.run',
  'agro.daily',
  'privacy.export',
  'privacy.purge',
  'privacy.retention',
];

/**
 * Seconds before an active job counts as crashed and is retried. Ingesting a 1 TB zip or tiling a
 * large dataset takes hours, and a second copy must not start beside a live one; a crashed worker's
 * datasets are resumed when a worker starts (modules/datasets/pipeline/recover.ts).
 */
const QUEUE_EXPIRY: Record<JobName, number> = {
  'mail.send': 15 * 60,
  'dataset.ingest': 12 * 60 * 60,
  'dataset.fanout': 60 * 60,
  'dataset.measure': 30 * 60,
  'dataset.detect': 30 * 60,
  'dataset.finalize': 12 * 60 * 60,
  'report.pdf': 30 * 60,
  // A run goes through every report, a few provider calls each; a crashed one resumes after its cursor.
  'agro.run': 12 * 60 * 60,
  'agro.daily': 15 * 60,
  // A zip of a user's files streams from storage to storage: large accounts take a while.
  'privacy.export': 2 * 60 * 60,
  'privacy.purge': 60 * 60,
  'privacy.retention': 60 * 60,
};

/** Queues where only one job may be active at a time, whichever worker holds it. */
const SINGLETON_QUEUES: ReadonlySet<JobName> = new Set<JobName>([
  'agro.run',
  // Two purges at once would both delete the same accounts' files; harmless but wasteful.
  'privacy.purge',
  'privacy.retention',
]);

/**
 * pg-boss's own workers would each poll their queue; here they wait to be woken (`startDuePoll`, a sent
 * job's announcement, a worker that just had work). The timer is still armed: an hour, the longest delay
 * a queue's worker could have if every wake-up failed.
 */
const WORKER_OWN_POLL_SECONDS = 60 * 60;
/** pg-boss's cron bookkeeping (at most 45 s each): schedules are by the minute anyway. */
const CRON_INTERVAL_SECONDS = 45;
/**
 * pg-boss's maintenance: fails jobs whose lease expired (15 min to 12 h here) so they are retried,
 * archives and deletes old ones. Every few minutes is plenty for that.
 */
const MAINTENANCE_INTERVAL_SECONDS = 5 * 60;
/**
 * Idle connections of the queue's pool stay open longer than any idle timer, so an idle process does
 * not open a connection (a PostgreSQL transaction of its own) for each look.
 */
const POOL_IDLE_MS = 5 * 60 * 1000;
export const DEFAULT_IDLE_POLL_SECONDS = 60;

/** Tells the workers of every process that a queue has new jobs (the realtime bus carries it). */
export interface JobWake {
  publish(queue: JobName): Promise<void>;
  /**
   * `queue` has new jobs, or (`lost`) wake-ups may have been missed (the LISTEN connection dropped).
   * Returns the unsubscribe function.
   */
  subscribe(listener: (event: { queue: string } | { lost: true }) => void): () => void;
}

/** A UUID derived from a key (pg-boss ids are UUIDs; inserting an existing id does nothing). */
export function jobIdFor(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function startJobs(options: {
  database: Database;
  logger: Logger;
  runWorker: boolean;
  /** Retries after a failure (default 5); a handler's last attempt is told so (`isLastAttempt`). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); each further one waits about twice as long. */
  retryDelaySeconds?: number;
  /** Seconds between an idle worker process's looks for jobs nothing announced (default 60). */
  idlePollSeconds?: number;
  observer?: JobObserver;
  /** Wakes the workers of other processes when this one sends a job (none: this process only). */
  wake?: JobWake;
}): Promise<Jobs> {
  // Only a process with workers keeps time: maintenance and cron are for whoever runs the jobs.
  const timers = {
    supervise: options.runWorker,
    schedule: options.runWorker,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    cronWorkerIntervalSeconds: CRON_INTERVAL_SECONDS,
    cronMonitorIntervalSeconds: CRON_INTERVAL_SECONDS,
  };
  const pool =
    options.database.kind === 'postgres'
      ? new pg.Pool({
          connectionString: options.database.connectionString,
          max: 4,
          idleTimeoutMillis: POOL_IDLE_MS,
          application_name: 'pgboss',
        })
      : null;
  pool?.on('error', (error) => options.logger.error({ err: error }, 'job queue connection error'));
  let poolEnded = false;
  // A job still running when the process stops ends after the pool is closed. pg-boss completes a
  // batch without awaiting the write, so a refused write would be an unhandled rejection: the outcome
  // is not written instead (the job stays active and its expiry hands it to another worker). Only
  // completions reach the pool once pg-boss has stopped (no fetch, cron or maintenance then), and
  // pg-boss reads their answer as "rows affected".
  const notWritten = { rows: [{ count: 0 }] };
  const db: PgBoss.Db = pool
    ? { executeSql: (text, values) => (poolEnded ? Promise.resolve(notWritten) : pool.query(text, values)) }
    : (options.database.executor as PgBoss.Db);
  const boss = new PgBoss({ db, ...timers });
  /** This process's workers by queue, to wake them when a job arrives. */
  const workerIds = new Map<string, string[]>();
  const wakeLocal = (queue: string) => {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  };
  const duePoll = startDuePoll({
    executeSql: db.executeSql,
    queues: () => [...workerIds.keys()],
    wake: wakeLocal,
    intervalMs: (options.idlePollSeconds ?? DEFAULT_IDLE_POLL_SECONDS) * 1000,
    onError: (error) => options.logger.warn({ err: error }, 'looking for due jobs failed'),
  });
  const unsubscribeWake = options.wake?.subscribe((event) => {
    if ('queue' in event) wakeLocal(event.queue);
    else duePoll.soon();
  });
  async function announce(queue: JobName) {
    wakeLocal(queue);
    try {
      await options.wake?.publish(queue);
    } catch (err) {
      // The job is stored: another process's worker finds it at its next idle look.
      options.logger.warn({ err, queue }, 'job wake-up could not be sent');
    }
  }
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  let stopped = false;
  for (const name of JOB_NAMES) {
    const queue = {
      name,
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: QUEUE_EXPIRY[name],
      // Two agro runs at once would write the same report files over each other.
      policy: SINGLETON_QUEUES.has(name) ? ('singleton' as const) : ('standard' as const),
    };
    await boss.createQueue(name, queue);
    await boss.updateQueue(name, queue);
  }
  return {
    async send(name, data, sendOptions = {}) {
      if (sendOptions.key === undefined && sendOptions.expireInSeconds === undefined) {
        await boss.send(name, data as object);
        await announce(name);
        return;
      }
      await boss.insert([
        {
          name,
          data: data as object,
          ...(sendOptions.key !== undefined ? { id: jobIdFor(name, sendOptions.key) } : {}),
          ...(sendOptions.expireInSeconds !== undefined
            ? { expireInSeconds: sendOptions.expireInSeconds }
            : {}),
        },
      ]);
      await announce(name);
    },
    async sendMany(name, items, sendOptions = {}) {
      const BATCH = 500;
      for (let start = 0; start < items.length; start += BATCH) {
        await boss.insert(
          items.slice(start, start + BATCH).map((item) => ({
            name,
            data: item.data as object,
            ...(item.key !== undefined ? { id: jobIdFor(name, item.key) } : {}),
            ...(sendOptions.expireInSeconds !== undefined
              ? { expireInSeconds: sendOptions.expireInSeconds }
              : {}),
          })),
        );
      }
      if (items.length > 0) await announce(name);
    },
    async schedule(name, cron, data) {
      await boss.schedule(name, cron, data as object, { tz: 'UTC' });
    },
    async unschedule(name) {
      await boss.unschedule(name);
    },
    async handle(name, handler, handleOptions = {}) {
      if (!options.runWorker) return;
      // pg-boss runs one batch at a time per worker: several workers give parallel jobs of one queue.
      for (let i = 0; i < (handleOptions.concurrency ?? 1); i++) {
        let workerId: string | undefined;
        workerId = await boss.work<JobPayloads[typeof name]>(
          name,
          { pollingIntervalSeconds: WORKER_OWN_POLL_SECONDS, includeMetadata: true },
          async (jobs) => {
            // A worker that just had work asks again at once (a backlog drains without idle waits).
            if (workerId) boss.notifyWorker(workerId);
            for (const job of jobs) {
              const outcome = await runJob(boss, name, job, handler as never, options.observer);
              // Its retry's start time is written: the next look is timed for it.
              if (outcome === 'failed') duePoll.soon();
              // The queue's next job may start now, in whichever process.
              if (SINGLETON_QUEUES.has(name)) await announce(name);
            }
          },
        );
        workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
      }
      // Jobs of this queue waiting for a later start (a retry before a restart) get their timer.
      duePoll.soon(1000);
    },
    async check() {
      if (!(await boss.getQueue(JOB_NAMES[0] as JobName))) throw new Error('the job queues are missing');
    },
    async depths() {
      const { rows } = await options.database.executor.executeSql(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
        [],
      );
      return rows as QueueDepth[];
    },
    async stop(gracefulMs = 5000) {
      if (stopped) return;
      stopped = true;
      unsubscribeWake?.();
      duePoll.stop();
      await boss.stop({ graceful: true, timeout: gracefulMs, wait: true });
      poolEnded = true;
      await pool?.end();
    },
  };
}
