import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgroHistory } from '../../platform/agro/history.ts';
import type { JobAttempt, Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createLocalStorage } from '../../platform/storage/storage.ts';
import { readHistoryFile } from './history-file.ts';
import { type AgroWorkerDeps, createRunHandler, startAgroWorker } from './run-worker.ts';
import type { AgroRunRow, RunReport, RunsRepository } from './runs-repository.ts';

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ampelos-agro-run-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const report = (id: number): RunReport => ({
  id,
  uuid: `00000000-0000-4000-a000-00000000000${id}`,
  validFrom: new Date(Date.now() - 2 * 86_400_000),
  validTo: null,
  field: { uuid: 'f', title: 'F', polygon: [], centroidLat: 37.8, centroidLng: 22.7, agroId: null },
});

/** Runs kept in memory, with the repository's semantics (the cursor only moves forward). */
function memoryRuns(reports: RunReport[], options: { failAdvanceOnce?: number } = {}) {
  const run: AgroRunRow = {
    id: 'run-1',
    kind: 'populateReportsShootDays',
    status: 'queued',
    requestedById: null,
    requestedByName: null,
    total: null,
    done: 0,
    updated: 0,
    failed: 0,
    cursor: 0,
    error: null,
    createdAt: new Date(),
    startedAt: null,
    finishedAt: null,
  };
  let failAdvance = options.failAdvanceOnce;
  const repository: Partial<RunsRepository> = {
    findRun: async () => ({ ...run }),
    countReports: async () => reports.length,
    startRun: async (_id, total) => Object.assign(run, { status: 'running', total, startedAt: new Date() }),
    reportsAfter: async (afterId, limit) => reports.filter((r) => r.id > afterId).slice(0, limit),
    advanceRun: async (_id, reportId, outcome) => {
      if (failAdvance === reportId) {
        failAdvance = undefined;
        throw new Error('connection lost');
      }
      if (run.cursor >= reportId) return undefined;
      run.cursor = reportId;
      run.done += 1;
      if (outcome === 'updated') run.updated += 1;
      if (outcome === 'failed') run.failed += 1;
      return { ...run };
    },
    finishRun: async (_id, status, error = null) =>
      Object.assign(run, { status, error, finishedAt: new Date() }),
  };
  return { run, repository: repository as RunsRepository };
}

function countingHistory() {
  const asked: string[] = [];
  const history: AgroHistory = {
    providers: { soil: null, weather: 'open-meteo' },
    satelliteSourceFor: () => null,
    soil: async () => null,
    satellite: async () => null,
    weather: async (field, from) => {
      asked.push(`${field.uuid}@${from.toISOString()}`);
      const dt = Math.floor(Date.now() / 1000 / 32_400) * 32_400 - 32_400;
      return {
        provider: 'open-meteo',
        entries: [
          {
            dt,
            temp_c: 20,
            temp_min_c: 18,
            temp_max_c: 22,
            humidity: 50,
            wind_mph: 5,
            rain_mm: 0,
            icon: 'clear',
          },
        ],
      };
    },
  };
  return { history, asked };
}

const attempt = (retryCount: number): JobAttempt => ({
  id: 'job',
  retryCount,
  retryLimit: 2,
  isLastAttempt: retryCount >= 2,
});

/** `report.pdf` jobs the runs queued, by key. */
const pdfJobs: { reportId: number; key: string | undefined }[] = [];

function deps(repository: RunsRepository, history: AgroHistory): AgroWorkerDeps {
  const published: unknown[] = [];
  const jobs = {
    send: async (name: string, data: { reportId: number }, options?: { key?: string }) => {
      if (name === 'report.pdf') pdfJobs.push({ reportId: data.reportId, key: options?.key });
    },
  } as unknown as Jobs;
  return {
    runs: repository,
    runsService: {
      publish: async (row) => void published.push(row),
      startScheduled: async () => ({}) as never,
    },
    history,
    storage: createLocalStorage(dir),
    jobs,
    logger: quiet,
    daysBefore: 1,
    dailyRefreshCron: null,
  };
}

describe('an agro run', () => {
  it('goes through every report once, and a retried run continues after its cursor', async () => {
    const reports = [report(1), report(2), report(3)];
    const { run, repository } = memoryRuns(reports, { failAdvanceOnce: 2 });
    const { history, asked } = countingHistory();
    const handle = createRunHandler(deps(repository, history));
    await expect(handle({ runId: run.id }, attempt(0))).rejects.toThrow('connection lost');
    expect(run).toMatchObject({ status: 'running', cursor: 1, done: 1 });
    await handle({ runId: run.id }, attempt(1));
    // Report 2 was gone through twice (the crash came after its file was written): the second time
    // it found nothing new, so it counts as unchanged.
    expect(run).toMatchObject({ status: 'done', total: 3, done: 3, updated: 2, failed: 0 });
    expect(asked.filter((a) => a.startsWith('f@'))).toHaveLength(4);
    const file = await readHistoryFile(createLocalStorage(dir), report(2).uuid);
    expect(file?.weather_data).toHaveLength(1);
    // A finished run is not run again.
    await handle({ runId: run.id }, attempt(0));
    expect(asked).toHaveLength(4);
    // Each written file asks for the report's PDF again, once per version of the file.
    expect(pdfJobs.map((job) => job.reportId).sort()).toEqual([1, 2, 3]);
    expect(new Set(pdfJobs.map((job) => job.key)).size).toBe(3);
    expect(pdfJobs[0]?.key).toMatch(new RegExp(`^${report(1).uuid}:`));
  });

  it('ends failed on its last attempt', async () => {
    const { run, repository } = memoryRuns([report(4)]);
    repository.reportsAfter = async () => {
      throw new Error('database gone');
    };
    const handle = createRunHandler(deps(repository, countingHistory().history));
    await handle({ runId: run.id }, attempt(2));
    expect(run).toMatchObject({ status: 'failed', error: 'database gone' });
  });
});

describe('the daily refresh', () => {
  function fakeJobs() {
    const calls: string[] = [];
    const handlers = new Map<string, (data: never, attempt: JobAttempt) => Promise<void>>();
    const jobs = {
      handle: async (name: string, handler: never) => void handlers.set(name, handler),
      schedule: async (name: string, cron: string) => void calls.push(`schedule ${name} ${cron}`),
      unschedule: async (name: string) => void calls.push(`unschedule ${name}`),
    } as unknown as Jobs;
    return { jobs, calls, handlers };
  }

  it('is scheduled when configured, removed when not, and starts a refresh run', async () => {
    const { repository } = memoryRuns([]);
    let scheduled = 0;
    const on = fakeJobs();
    await startAgroWorker({
      ...deps(repository, countingHistory().history),
      jobs: on.jobs,
      dailyRefreshCron: '0 3 * * *',
      runsService: {
        publish: async () => {},
        startScheduled: async () => {
          scheduled += 1;
          return {} as never;
        },
      },
    });
    expect(on.calls).toEqual(['schedule agro.daily 0 3 * * *']);
    await on.handlers.get('agro.daily')?.({} as never, attempt(0));
    expect(scheduled).toBe(1);

    const off = fakeJobs();
    await startAgroWorker({
      ...deps(repository, countingHistory().history),
      jobs: off.jobs,
      dailyRefreshCron: null,
    });
    expect(off.calls).toEqual(['unschedule agro.daily']);
  });
});
