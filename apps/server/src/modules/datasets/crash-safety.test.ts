import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { datasets, datasetUnits, emails, reports } from '../../platform/db/schema.ts';
import { generateSampleData, type SampleTruth } from '../../platform/imaging/sample-data/generate.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, ringAroundPlants, uploadAndValidate, waitForData } from './test-support.ts';

// Two processes share the database: PostgreSQL only (the embedded PGlite belongs to one process).
const databaseUrl = process.env.TEST_DB === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

let ctx: TestApp;
let sampleDir: string;
let truth: SampleTruth;
const workers: ChildProcess[] = [];

/** A worker process (`PROCESS_ROLE=worker`, as in production) on the test's database and files. */
function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PROCESS_ROLE: 'worker',
      DATABASE_URL: ctx.database.connectionString,
      DATA_DIR: ctx.config.dataDir,
      ...ctx.storageEnv,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      IMAGING_JOB_EXPIRE_SECONDS: '30',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  workers.push(worker);
  return worker;
}

async function kill(worker: ChildProcess) {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  if (!databaseUrl) return;
  // The API alone: jobs wait in the database for the worker processes.
  ctx = await createTestApp({ env: { PROCESS_ROLE: 'api' } });
  sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-crash-'));
  truth = await generateSampleData({
    outDir: sampleDir,
    seed: 3,
    lines: 3,
    photosPerLine: 3,
    photoWidth: 1000,
    photoHeight: 700,
    orthoHalfSizeM: 0,
  });
}, 120_000);
afterAll(async () => {
  for (const worker of workers) await kill(worker);
  await ctx?.close();
  if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
});

const ringAroundScene = () => ringAroundPlants(truth.plants);

async function unitsDone(reportId: number) {
  const rows = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(datasetUnits)
    .innerJoin(datasets, eq(datasets.id, datasetUnits.datasetId))
    .where(and(eq(datasets.reportId, reportId), inArray(datasetUnits.status, ['measured', 'detected'])));
  return rows[0]?.n ?? 0;
}

async function outputsOf(reportId: number, reportUuid: string) {
  const [row] = await ctx.database.db.select().from(reports).where(eq(reports.id, reportId));
  const storage = ctx.storage;
  const files: string[] = [];
  for await (const entry of storage.list(`reports/${reportUuid}`))
    files.push(entry.key.split('/').slice(2).join('/'));
  const points = [...(row?.outputData ?? [])].sort((a, b) => a.file.localeCompare(b.file));
  return { points, files: files.sort(), layers: row?.layers };
}

describe.skipIf(!databaseUrl)('crash safety', () => {
  it('a worker killed mid-dataset: a new one completes the report with the same outputs and one e-mail', async () => {
    const zip = await buildZip(
      await Promise.all(
        truth.photos.map(async (photo) => ({
          name: photo.file,
          data: await readFile(path.join(sampleDir, photo.file)),
        })),
      ),
    );
    const ring = ringAroundScene();
    const crashed = await customerWithReport(ctx, { ring });
    // Only the API runs so far: the submitted dataset waits for a worker.
    await crashed.tus.upload(crashed.report.uuid, 'flight.zip', zip);
    expect((await crashed.http.post(`/api/reports/${crashed.report.uuid}/data/submit`)).statusCode).toBe(202);

    const first = startWorker();
    // Kill it once some units are done and others are not (SIGKILL: no graceful stop, jobs stay active).
    const total = truth.photos.length * 2;
    for (;;) {
      const done = await unitsDone(crashed.report.id);
      if (done >= 2 && done < total) break;
      if (done >= total) throw new Error('the worker finished before it could be killed; use more photos');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await kill(first);
    const [midway] = await ctx.database.db.select().from(reports).where(eq(reports.id, crashed.report.id));
    expect(midway?.status).toBe('processing_data');

    startWorker();
    const finished = await waitForData(
      crashed.http,
      crashed.report.uuid,
      (data) => data.report.status === 'complete',
      300_000,
    );
    expect(finished.report.numOfOutputImgs).toBe(truth.photos.length);

    // The same dataset, never interrupted, as the reference.
    const reference = await customerWithReport(ctx, { ring });
    await uploadAndValidate(reference, [{ name: 'flight.zip', body: zip }]);
    await waitForData(
      reference.http,
      reference.report.uuid,
      (data) => data.report.status === 'complete',
      300_000,
    );
    const afterCrash = await outputsOf(crashed.report.id, crashed.report.uuid);
    const uninterrupted = await outputsOf(reference.report.id, reference.report.uuid);
    expect(afterCrash.points).toEqual(uninterrupted.points);
    expect(afterCrash.files).toEqual(uninterrupted.files);
    expect(afterCrash.layers).toEqual(uninterrupted.layers);

    // One completion e-mail, even though some jobs ran twice. The worker queues it just after it marks
    // the report complete (pipeline/finalize.ts), so it is waited for, then counted.
    for (const customer of [crashed, reference]) {
      const subjects = async () =>
        (await ctx.database.db.select().from(emails).where(eq(emails.toAddress, customer.user.email))).map(
          (mail) => mail.subject,
        );
      await vi.waitFor(async () => expect((await subjects()).length).toBeGreaterThan(0), { timeout: 30_000 });
      expect(await subjects()).toEqual(['AI Processing completed']);
    }
  }, 600_000);
});
