import type { AgroJobKind } from '@ampelos/domain';
import type { AgroHistory } from '../../platform/agro/history.ts';
import type { JobAttempt, Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { deletesData, runReportStep } from './report-step.ts';
import type { RunsRepository } from './runs-repository.ts';
import type { RunsService } from './runs-service.ts';

const BATCH = 50;
/** Progress pushed to the console at most this often (and always at the end). */
const PUBLISH_EVERY_MS = 500;

export interface AgroWorkerDeps {
  runs: RunsRepository;
  runsService: Pick<RunsService, 'publish' | 'startScheduled'>;
  history: AgroHistory;
  storage: Storage;
  jobs: Jobs;
  logger: Logger;
  daysBefore: number;
  /** UTC cron of the daily refresh, or null to have none. */
  dailyRefreshCron: string | null;
  now?: () => Date;
}

/**
 * Goes through a run's reports in id order after its cursor, so a run retried after a crash continues
 * where it stopped; one report's trouble is counted, never stops the run.
 */
export function createRunHandler(deps: AgroWorkerDeps) {
  const now = deps.now ?? (() => new Date());
  // One PDF job per written version of a file (the key): a retried step does not queue a second one.
  const onWritten = (report: { id: number; uuid: string }, generatedAt: string) =>
    deps.jobs.send('report.pdf', { reportId: report.id }, { key: `${report.uuid}:${generatedAt}` });
  return async ({ runId }: { runId: string }, attempt: JobAttempt) => {
    const run = await deps.runs.findRun(runId);
    if (!run || run.status === 'done' || run.status === 'failed') return;
    const kind = run.kind as AgroJobKind;
    const scope = { includeExpired: deletesData(kind), now: now() };
    try {
      const total = run.total ?? (await deps.runs.countReports(scope));
      let row = await deps.runs.startRun(runId, total);
      await deps.runsService.publish(row);
      let cursor = run.cursor;
      let publishedAt = Date.now();
      for (;;) {
        const batch = await deps.runs.reportsAfter(cursor, BATCH, scope);
        if (batch.length === 0) break;
        for (const report of batch) {
          const outcome = await runReportStep(
            { history: deps.history, storage: deps.storage, daysBefore: deps.daysBefore, now, onWritten },
            kind,
            report,
          ).catch((error: unknown) => {
            deps.logger.warn({ err: error, report: report.uuid, kind }, 'agro run: report not updated');
            return 'failed' as const;
          });
          row = (await deps.runs.advanceRun(runId, report.id, outcome)) ?? row;
          cursor = report.id;
          if (Date.now() - publishedAt >= PUBLISH_EVERY_MS) {
            await deps.runsService.publish(row);
            publishedAt = Date.now();
          }
        }
      }
      const finished = await deps.runs.finishRun(runId, 'done');
      await deps.runsService.publish(finished);
      deps.logger.info(
        { run: runId, kind, done: finished?.done, updated: finished?.updated, failed: finished?.failed },
        'agro run finished',
      );
    } catch (error) {
      // The queue retries the run (it resumes after its cursor); on the last attempt it ends failed.
      if (!attempt.isLastAttempt) throw error;
      deps.logger.error({ err: error, run: runId, kind }, 'agro run failed');
      await deps.runsService.publish(await deps.runs.finishRun(runId, 'failed', (error as Error).message));
    }
  };
}

/** Handlers of the agro queues and the daily schedule (worker processes only). */
export async function startAgroWorker(deps: AgroWorkerDeps) {
  await deps.jobs.handle('agro.run', createRunHandler(deps));
  await deps.jobs.handle('agro.daily', async () => {
    await deps.runsService.startScheduled();
  });
  if (deps.dailyRefreshCron) {
    await deps.jobs.schedule('agro.daily', deps.dailyRefreshCron, {});
  } else {
    await deps.jobs.unschedule('agro.daily');
  }
}
