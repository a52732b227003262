import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

/** Every background job and its payload. Handlers must be idempotent: a job may run more than once. */
export interface JobPayloads {
  'mail.send': { emailId: number };
  /** Validates every upload of a submitted dataset (zip safety, types, geolocation). */
  'dataset.ingest': { datasetId: number };
  /** Enqueues one job per unit of a phase (after ingest: measure; after statistics: detect). */
  'dataset.fanout': { datasetId: number; phase: 'measure' | 'detect'; generation: number };
  /** Phase 1 of one photo, band set or raster window. */
  'dataset.measure': { datasetId: number; unitId: number; generation: number };
  /** Phase 2 of one unit: stress boxes and the HD derivative. */
  'dataset.detect': { datasetId: number; unitId: number; generation: number };
  /** Tiles, PDF, report fields, status complete and the completion side effects. */
  'dataset.finalize': { datasetId: number; generation: number };
  /** Writes a complete report's PDF again (its agronomy file changed). */
  'report.pdf': { reportId: number };
  /** One run of an administrators' agro job over the reports (modules/agro). */
  'agro.run': { runId: string };
  /** Sent by the daily schedule: starts a refresh run over the current reports. */
  'agro.daily': Record<string, never>;
  /** Builds one user's data export zip (modules/privacy). */
  'privacy.export': { exportId: string };
  /** Daily: purges accounts deleted more than 60 days ago and removes expired export zips. */
  'privacy.purge': Record<string, never>;
  /** Daily: purges accounts unused for more than 6 years. */
  'privacy.retention': Record<string, never>;
}
export type JobName = keyof JobPayloads;

/** What a handler knows about the attempt it runs in. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
  /** True when a failure now will not be retried. */
  isLastAttempt: boolean;
}
export type JobHandler<N extends JobName> = (data: JobPayloads[N], attempt: JobAttempt) => Promise<void>;

export interface SendOptions {
  /**
   * A stable key: a second send with the same key is ignored while the first job is kept, so
   * concurrent or repeated senders enqueue one job.
   */
  key?: string;
  /** Seconds before an active job is considered dead (its worker crashed) and retried. */
  expireInSeconds?: number;
}

export interface Jobs {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>;
  sendMany<N extends JobName>(
    name: N,
    items: { data: JobPayloads[N]; key?: string }[],
    options?: Omit<SendOptions, 'key'>,
  ): Promise<void>;
  /** A cron schedule (UTC) sending `name` with `data`; replaces the queue's previous schedule. */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayloads[N]): Promise<void>;
  unschedule(name: JobName): Promise<void>;
  /** Registers a handler; it only runs in processes whose role includes the worker. */
  handle<N extends JobName>(
    name: N,
    handler: JobHandler<N>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /** Throws unless the queue's tables answer (readiness). */
  check(): Promise<void>;
  /** Jobs waiting (`created`, `retry`) and running (`active`) per queue, for the metrics. */
  depths(): Promise<QueueDepth[]>;
  /** Stops taking jobs; running ones get `gracefulMs` to finish, then are failed and so retried later. */
  stop(gracefulMs?: number): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  state: 'created' | 'retry' | 'active';
  count: number;
}

/** Told about every job a handler finished, for the metrics (duration and outcome). */
export interface JobObserver {
  jobStarted(queue: JobName): void;
  jobFinished(queue: JobName, seconds: number, outcome: 'completed' | 'failed'): void;
}

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
 * How often an idle worker asks for work anyway. New jobs wake their workers at once (`JobWake`):
 * this only bounds the delay of what nothing announces (a retry after its back-off, a cron job, a
 * wake-up lost while a LISTEN connection reconnected) and keeps an idle process near silent.
 */
export const IDLE_POLL_SECONDS = 30;
/** pg-boss's cron bookkeeping (at most 45 s each): schedules are by the minute anyway. */
const CRON_INTERVAL_SECONDS = 45;

/** Tells the workers of every process that a queue has new jobs (the realtime bus carries it). */
export interface JobWake {
  publish(queue: JobName): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (queue: string) => void): () => void;
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
  observer?: JobObserver;
  /** Wakes the workers of other processes when this one sends a job (none: this process only). */
  wake?: JobWake;
}): Promise<Jobs> {
  const timers = {
    cronWorkerIntervalSeconds: CRON_INTERVAL_SECONDS,
    cronMonitorIntervalSeconds: CRON_INTERVAL_SECONDS,
  };
  const boss =
    options.database.kind === 'postgres'
      ? new PgBoss({ connectionString: options.database.connectionString, max: 4, ...timers })
      : new PgBoss({ db: options.database.executor as PgBoss.Db, ...timers });
  /** This process's workers by queue, to wake them when a job arrives. */
  const workerIds = new Map<string, string[]>();
  const wakeLocal = (queue: string) => {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  };
  const unsubscribeWake = options.wake?.subscribe(wakeLocal);
  async function announce(queue: JobName) {
    wakeLocal(queue);
    try {
      await options.wake?.publish(queue);
    } catch (err) {
      // The job is stored: another process's worker finds it at its next idle poll.
      options.logger.warn({ err, queue }, 'job wake-up could not be sent');
    }
  }
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of JOB_NAMES) {
    const queue = {
      name,
      retryLimit: options.retryLimit ?? 5,
      retryDelay: 10,
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
          { pollingIntervalSeconds: IDLE_POLL_SECONDS, includeMetadata: true },
          async (jobs) => {
            // A worker that just had work asks again at once (a backlog drains without idle waits).
            if (workerId) boss.notifyWorker(workerId);
            for (const job of jobs) {
              options.observer?.jobStarted(name);
              const started = performance.now();
              let outcome: 'completed' | 'failed' = 'failed';
              try {
                await handler(job.data, {
                  id: job.id,
                  retryCount: job.retryCount,
                  retryLimit: job.retryLimit,
                  isLastAttempt: job.retryCount >= job.retryLimit,
                });
                outcome = 'completed';
              } finally {
                options.observer?.jobFinished(name, (performance.now() - started) / 1000, outcome);
              }
            }
          },
        );
        workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
      }
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
      unsubscribeWake?.();
      await boss.stop({ graceful: true, timeout: gracefulMs, wait: true });
    },
  };
}
