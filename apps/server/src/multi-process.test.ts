import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RealtimeMessage } from '@ampelos/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUserCommand } from './cli/create-user.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { type Database, openDatabase } from './platform/db/database.ts';
import { datasets, datasetUnits, emails, fields, reports } from './platform/db/schema.ts';
import { generateSampleData, type SampleTruth } from './platform/imaging/sample-data/generate.ts';
import { apiSession, orderManualReport, signUpVerified } from './test/api-session.ts';
import { alternatingProxy, freePort, type ServerProcess, spawnServer, waitFor } from './test/processes.ts';
import { type S3TestServer, startS3TestServer } from './test/s3-server.ts';
import { freshPostgresDatabase } from './test/test-app.ts';
import { buildZip } from './test/zip-writer.ts';

// Several processes share one database: PostgreSQL only (this runs in the PostgreSQL pass).
const databaseUrl = process.env.TEST_DB === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;

/**
 * Where files go: one bucket on an S3-compatible test server (s3rver) shared by every process, as in
 * production; only the mail outbox stays in the data directory.
 */
let s3: S3TestServer | undefined;
let s3Env: Record<string, string> = {};
const storageEnv = () => s3Env;

let database: Database;
let dropDatabase: () => Promise<void> = async () => {};
let dataDir: string;
let sampleDir: string;
let truth: SampleTruth;
let proxy: Awaited<ReturnType<typeof alternatingProxy>>;
const apis: { process: ServerProcess; port: number }[] = [];
const workers: { process: ServerProcess; metricsPort: number }[] = [];
let base = '';

async function startWorker(metricsPort: number, name: string, env: Record<string, string>) {
  const worker = spawnServer(name, { ...env, PROCESS_ROLE: 'worker', METRICS_PORT: String(metricsPort) });
  workers.push({ process: worker, metricsPort });
  await worker.ready(`http://127.0.0.1:${metricsPort}/api/health`);
  return worker;
}

beforeAll(async () => {
  if (!databaseUrl) return;
  const fresh = await freshPostgresDatabase();
  dropDatabase = fresh.dropDatabase;
  dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-multi-'));
  s3 = await startS3TestServer();
  s3Env = await s3.env();
  sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-multi-photos-'));
  truth = await generateSampleData({
    outDir: sampleDir,
    seed: 5,
    lines: 3,
    photosPerLine: 3,
    photoWidth: 1000,
    photoHeight: 700,
    orthoHalfSizeM: 0,
  });
  const apiPorts = [await freePort(), await freePort()];
  proxy = await alternatingProxy(apiPorts);
  base = `http://127.0.0.1:${proxy.port}`;
  const env = {
    DATABASE_URL: fresh.databaseUrl as string,
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    IMAGING_JOB_EXPIRE_SECONDS: '30',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    ...storageEnv(),
  };
  // The first API process applies the migrations; the others start once it is up (docs/deploy.md).
  for (const [index, port] of apiPorts.entries()) {
    const api = spawnServer(`api${index + 1}`, { ...env, PROCESS_ROLE: 'api', PORT: String(port) });
    apis.push({ process: api, port });
    await api.ready(`http://127.0.0.1:${port}/api/health`);
  }
  await startWorker(await freePort(), 'worker1', env);
  await startWorker(await freePort(), 'worker2', env);
  database = await openDatabase({ databaseUrl: fresh.databaseUrl });
}, 900_000);

afterAll(async () => {
  for (const { process } of [...apis, ...workers]) await process.kill('SIGKILL');
  await proxy?.close();
  await s3?.close();
  await database?.close();
  await dropDatabase();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
});

/** The API as the web app calls it, through the proxy (or straight to one process with `origin`). */
const session = (origin = () => base) => apiSession(origin, 600_000);

/** A WebSocket of the user's session opened on one API process, with its messages kept. */
async function realtimeOn(port: number, cookie: string) {
  const messages: RealtimeMessage[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie, origin: base } });
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as RealtimeMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const unread = () => messages.filter((message) => message.type === 'notification').map((m) => m.unread);
  await waitFor(() => unread().length > 0, 'the greeting');
  return { socket, unread };
}

async function workerMetric(metricsPort: number, pattern: RegExp): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
    (response) => response.text(),
    (error: Error) => {
      throw new Error(`worker metrics on ${metricsPort}: ${error.message} ${String(error.cause)}`);
    },
  );
  return text
    .split('\n')
    .filter((line) => pattern.test(line))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe.skipIf(!databaseUrl)('two API processes and two workers on one PostgreSQL', () => {
  it('serve a customer journey with requests alternating, realtime across processes, a worker killed mid-job', async () => {
    // Sign up and verify through the outbox e-mail a worker wrote.
    const customer = session();
    const { email, password } = await signUpVerified(customer, path.join(dataDir, 'mail', 'outbox'));

    // A field around the photos, a Bring Your Own Images order.
    const d = 40 / 111_000;
    const lngs = truth.plants.map((plant) => plant.lng);
    const lats = truth.plants.map((plant) => plant.lat);
    const [west, east, south, north] = [
      Math.min(...lngs) - d,
      Math.max(...lngs) + d,
      Math.min(...lats) - d,
      Math.max(...lats) + d,
    ];
    const field = await customer.json('POST', '/api/field/create', {
      title: 'Nemea Block 7',
      variety: 'Agiorgitiko',
      usedFor: 1,
      age: 12,
      altitude: 310,
      slope: 3,
      avgPlantHeight: 1.6,
      polygonPoints: [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
      mapDisplay: { lat: (south + north) / 2, lng: (west + east) / 2, zoom: 18 },
    });
    const order = await orderManualReport(customer, field.data, 3);

    // The customer's socket is on the second API process; the administrator works on the first.
    const [first, second] = apis as [(typeof apis)[0], (typeof apis)[0]];
    const live = await realtimeOn(second.port, customer.cookie);
    const adminEmail = `ops-${Date.now()}@example.com`;
    await createUserCommand(createUserRepository(database.db), {
      email: adminEmail,
      password: 'Vidiano-Crete-8',
      role: 'admin',
    });
    const admin = session(() => `http://127.0.0.1:${first.port}`);
    await admin.json('POST', '/api/user/login', { email: adminEmail, password: 'Vidiano-Crete-8' });
    const unreadBefore = live.unread().at(-1) ?? 0;
    await admin.json('PUT', '/api/orders', { orderUuid: order.data.uuid, status: 'complete' });
    await waitFor(
      () => (live.unread().at(-1) ?? 0) > unreadBefore,
      'the order notification on the other process',
    );

    // Upload a zip of geotagged photos with tus in three PATCH requests (each to the next process).
    const [fieldRow] = await database.db.select().from(fields).where(eq(fields.uuid, field.data.uuid));
    const [report] = await database.db
      .select()
      .from(reports)
      .where(eq(reports.fieldId, fieldRow?.id as number));
    const reportUuid = report?.uuid as string;
    const zip = await buildZip(
      await Promise.all(
        truth.photos.map(async (photo) => ({
          name: `DCIM/${photo.file}`,
          data: await readFile(path.join(sampleDir, photo.file)),
        })),
      ),
    );
    const metadata = [
      `filename ${Buffer.from('flight.zip').toString('base64')}`,
      `reportUuid ${Buffer.from(reportUuid).toString('base64')}`,
    ];
    const tus = { 'tus-resumable': '1.0.0' };
    const upload = await customer.call('POST', '/api/uploads', undefined, {
      ...tus,
      'upload-length': String(zip.length),
      'upload-metadata': metadata.join(','),
    });
    expect(upload.status).toBe(201);
    const location = upload.headers.get('location') as string;
    const third = Math.ceil(zip.length / 3);
    for (let offset = 0; offset < zip.length; offset += third) {
      const patched = await customer.call(
        'PATCH',
        location,
        new Uint8Array(zip.subarray(offset, offset + third)),
        {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
      );
      expect(patched.status).toBe(204);
    }
    expect((await customer.call('POST', `/api/reports/${reportUuid}/data/submit`)).status).toBe(202);

    // Kill the first worker while it runs an analysis job (SIGKILL: no goodbye), then restart it as
    // systemd would; the second worker kept going all along.
    const [worker1] = workers as [(typeof workers)[0]];
    await waitFor(
      async () =>
        (await workerMetric(
          worker1.metricsPort,
          /^ampelos_jobs_running\{.*queue="dataset\.(measure|detect)"/,
        )) > 0,
      'worker1 to run an analysis job',
      600_000,
    );
    await worker1.process.kill('SIGKILL');
    await startWorker(await freePort(), 'worker1-restarted', {
      DATABASE_URL: database.connectionString as string,
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      HOST: '127.0.0.1',
      IMAGING_JOB_EXPIRE_SECONDS: '30',
      ...storageEnv(),
    });

    const unreadBeforeResult = live.unread().at(-1) ?? 0;
    let state: { report: { status: string; numOfOutputImgs: number } } | undefined;
    await waitFor(
      async () => {
        state = (await customer.json('GET', `/api/reports/${reportUuid}/data`)).data;
        return state?.report.status === 'complete';
      },
      'the processed report',
      900_000,
    );
    expect(state?.report.numOfOutputImgs).toBe(truth.photos.length);
    // Every file went to the bucket: nothing under the data directory but the mail outbox.
    expect(await readdir(path.join(dataDir, 'files')).catch(() => [])).toEqual([]);
    // The completion notification, written by a worker, reached the socket on an API process.
    await waitFor(() => (live.unread().at(-1) ?? 0) > unreadBeforeResult, 'the completion notification');
    live.socket.close();

    // Nothing lost, nothing twice: every unit done once, one output per photo, one completion e-mail.
    const [dataset] = await database.db
      .select()
      .from(datasets)
      .where(eq(datasets.reportId, report?.id as number));
    const units = await database.db
      .select()
      .from(datasetUnits)
      .where(eq(datasetUnits.datasetId, dataset?.id as number));
    expect(units.length).toBe(truth.photos.length);
    expect(units.every((unit) => unit.status === 'detected')).toBe(true);
    const [done] = await database.db
      .select()
      .from(reports)
      .where(eq(reports.id, report?.id as number));
    const outputs = (done?.outputData ?? []).map((point) => point.file);
    expect(new Set(outputs).size).toBe(outputs.length);
    expect(new Set(outputs).size).toBe(truth.photos.length);
    const completionMails = await database.db
      .select()
      .from(emails)
      .where(and(eq(emails.toAddress, email), eq(emails.subject, 'AI Processing completed')));
    expect(completionMails.length).toBe(1);

    // Both API processes served the journey; the surviving worker's metrics show analysis jobs.
    expect(Math.min(...proxy.served)).toBeGreaterThan(5);
    const worker2 = workers[1] as (typeof workers)[0];
    expect(
      await workerMetric(
        worker2.metricsPort,
        /^ampelos_job_duration_seconds_count\{.*queue="dataset\.measure".*outcome="completed"/,
      ),
    ).toBeGreaterThan(0);

    // Sign-out on the first API process closes the socket and ends the session cached by the second.
    const onSecond = session(() => `http://127.0.0.1:${second.port}`);
    await onSecond.json('POST', '/api/user/login', { email, password });
    const onFirst = session(() => `http://127.0.0.1:${first.port}`);
    const stolenCookie = onSecond.cookie;
    expect((await onSecond.call('GET', '/api/user')).status).toBe(200);
    const revoked = await realtimeOn(second.port, stolenCookie);
    const closedWith = new Promise<number>((resolve) => revoked.socket.once('close', resolve));
    expect((await onFirst.call('GET', '/api/user/logout', undefined, { cookie: stolenCookie })).status).toBe(
      200,
    );
    expect(await closedWith).toBe(4001);
    expect((await onSecond.call('GET', '/api/user')).status).toBe(401);

    // A graceful stop of every process ends with exit code 0.
    for (const { process } of [...apis, ...workers.filter(({ process }) => process.running)])
      expect(await process.kill('SIGTERM')).toBe(0);
  }, 1_800_000);
});
