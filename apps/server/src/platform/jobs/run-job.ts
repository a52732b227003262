import type PgBoss from 'pg-boss';
import type { JobAttempt, JobName, JobObserver } from './job-types.ts';

/** The outcome of one job as the database now holds it. */
export type JobOutcome = 'completed' | 'failed' | 'timed out';

/**
 * Runs one fetched job and writes its outcome itself instead of leaving it to pg-boss after the batch:
 * the caller then knows the row changed (a retry's start time is written, a singleton queue is free)
 * and can look for the next due job at once. pg-boss's own completion afterwards finds the job no
 * longer active and changes nothing. A job that outlived its expiry was already failed by pg-boss
 * (and may run again elsewhere), so its late outcome is not written.
 */
export async function runJob(
  boss: PgBoss,
  name: JobName,
  job: PgBoss.JobWithMetadata<object>,
  handler: (data: object, attempt: JobAttempt) => Promise<void>,
  observer?: JobObserver,
): Promise<JobOutcome> {
  observer?.jobStarted(name);
  const started = performance.now();
  let failure: { error: unknown } | undefined;
  try {
    await handler(job.data, {
      id: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      isLastAttempt: job.retryCount >= job.retryLimit,
    });
  } catch (error) {
    failure = { error };
  }
  const seconds = (performance.now() - started) / 1000;
  observer?.jobFinished(name, seconds, failure ? 'failed' : 'completed');
  // EXTRACT(epoch …) may come back as a numeric string.
  if (seconds >= Number(job.expireInSeconds)) return 'timed out';
  if (!failure) {
    await boss.complete(name, job.id);
    return 'completed';
  }
  // pg-boss stores an Error's message and stack as the job's output, as it does for its own failures.
  const { error } = failure;
  await boss.fail(name, job.id, error instanceof Error ? error : { value: String(error) });
  return 'failed';
}
