import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

/** Every background job and its payload. Handlers must be idempotent: a job may run more than once. */
export interface JobPayloads {
  'mail.send': { emailId: number };
}
export type JobName = keyof JobPayloads;
export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

export interface Jobs {
  send<N extends JobName>(name: N, data: JobPayloads[N]): Promise<void>;
  /** Registers a handler; it only runs in processes whose role includes the worker. */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  stop(): Promise<void>;
}

const JOB_NAMES: JobName[] = ['mail.send'];

export async function startJobs(options: {
  database: Database;
  logger: Logger;
  runWorker: boolean;
}): Promise<Jobs> {
  const boss =
    options.database.kind === 'postgres'
      ? new PgBoss({ connectionString: options.database.connectionString, max: 4 })
      : new PgBoss({ db: options.database.executor as PgBoss.Db });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 10, retryBackoff: true });
  }
  return {
    async send(name, data) {
      await boss.send(name, data as object);
    },
    async handle(name, handler) {
      if (!options.runWorker) return;
      await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
