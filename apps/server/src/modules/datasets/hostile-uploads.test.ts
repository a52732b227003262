import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatasetFileView, ReportDataView } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, apiSession, orderManualReport, signUpVerified } from '../../test/api-session.ts';
import { HOSTILE_RING, type HostileUpload, hostileUploads } from '../../test/hostile-uploads.ts';
import { freePort, type ServerProcess, spawnServer, waitFor } from '../../test/processes.ts';

/**
 * Issue 15: hostile uploads sent as a customer would (tus, then submit) to the server as `npm start`
 * runs it: one process, embedded database and files under a data directory, jobs in-process. After
 * each upload the process must be alive and every file must have its verdict within a minute; then
 * the process is killed mid-ingest of a damaged zip and started again on the same data directory,
 * where it resumes that ingest (before issue 15 it died again at every start).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
// One embedded database per process: this runs once, in the PGlite pass.
const runHere = process.env.TEST_DB !== 'postgres';

let dataDir: string;
let base = '';
let env: Record<string, string>;
let nodeFlags: string[] = [];
let server: ServerProcess;
let uploads: HostileUpload[];
let customer: ApiSession;
const reportUuids: string[] = [];

function runCli(args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')}: ${output}`))));
  });
}

async function startServer(name: string) {
  server = spawnServer(name, env, nodeFlags);
  await server.ready(`${base}/api/health`);
}

async function sendUpload(reportUuid: string, name: string, body: Buffer) {
  const metadata = [`filename ${btoa(name)}`, `reportUuid ${btoa(reportUuid)}`].join(',');
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await customer.call('POST', '/api/uploads', undefined, {
    ...tus,
    'upload-length': String(body.length),
    'upload-metadata': metadata,
  });
  expect(created.status).toBe(201);
  const patched = await customer.call(
    'PATCH',
    created.headers.get('location') as string,
    new Uint8Array(body),
    {
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
  );
  expect(patched.status).toBe(204);
  expect((await customer.call('POST', `/api/reports/${reportUuid}/data/submit`)).status).toBe(202);
}

/** The report's data state once ingest has decided (no fixed sleep: polled until it changes). */
async function verdicts(reportUuid: string, timeoutMs = 60_000): Promise<ReportDataView> {
  let data: ReportDataView | undefined;
  await waitFor(
    async () => {
      if (!server.running) throw new Error(`the server exited:\n${server.log()}`);
      data = (await customer.json('GET', `/api/reports/${reportUuid}/data`)).data;
      return (
        data?.dataset !== null && data?.dataset?.status !== 'validating' && data?.dataset?.status !== 'open'
      );
    },
    `the verdicts of report ${reportUuid}`,
    timeoutMs,
  );
  return data as ReportDataView;
}

function expectVerdicts(files: DatasetFileView[], expected: HostileUpload['verdicts']) {
  for (const [filePath, verdict] of Object.entries(expected)) {
    const file = files.find((candidate) => candidate.path === filePath);
    expect(file, `${filePath} in ${JSON.stringify(files)}`).toBeDefined();
    if (verdict === 'accepted') expect(file?.status).toBe('accepted');
    else expect(file).toMatchObject({ status: 'rejected', reason: verdict });
  }
}

beforeAll(async () => {
  if (!runHere) return;
  nodeFlags = (await import(path.join(repoRoot, 'scripts/server-node-flags.mjs'))).SERVER_NODE_FLAGS;
  uploads = await hostileUploads();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-hostile-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    PROCESS_ROLE: 'all',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  };
  await startServer('server');

  customer = apiSession(() => base);
  await signUpVerified(customer, path.join(dataDir, 'mail', 'outbox'));
  const centre = HOSTILE_RING[0] as [number, number];
  const field = await customer.json('POST', '/api/field/create', {
    title: 'Nemea Block 9',
    variety: 'Agiorgitiko',
    usedFor: 1,
    age: 12,
    altitude: 380,
    slope: 3,
    avgPlantHeight: 1.6,
    polygonPoints: HOSTILE_RING,
    mapDisplay: { lat: centre[1], lng: centre[0], zoom: 17 },
  });
  const order = await orderManualReport(customer, field.data, 6);
  // Staff confirm the bank transfer (the administrator made as a self-hoster does, through the CLI).
  const adminEmail = `ops-${Date.now()}@example.com`;
  await runCli([
    'apps/server/src/cli/admin-create.ts',
    '--email',
    adminEmail,
    '--password',
    'Vidiano-Crete-8',
  ]);
  const admin = apiSession(() => base);
  await admin.json('POST', '/api/user/login', { email: adminEmail, password: 'Vidiano-Crete-8' });
  await admin.json('PUT', '/api/orders', { orderUuid: order.data.uuid, status: 'complete' });
  const fields = await customer.json('GET', '/api/fields');
  const ours = fields.data.find((candidate: { uuid: string }) => candidate.uuid === field.data.uuid);
  for (const report of ours.Reports) if (report.status === 'processing') reportUuids.push(report.uuid);
  expect(reportUuids.length).toBe(6);
}, 300_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!runHere)('hostile uploads against the server as npm start runs it', () => {
  it('gives every file of every hostile upload its verdict, and the process stays up', async () => {
    // A refused dataset leaves its report awaiting data, so the refused uploads share the first
    // report one after the other; an upload with a good file moves its report on, so it has its own.
    let nextOwn = 1;
    for (const upload of uploads) {
      const goesOn = Object.values(upload.verdicts).includes('accepted');
      const reportUuid = reportUuids[goesOn ? nextOwn++ : 0] as string;
      await sendUpload(reportUuid, upload.name, upload.body);
      const data = await verdicts(reportUuid);
      expectVerdicts(data.dataset?.files ?? [], upload.verdicts);
      expect(server.running, `alive after ${upload.label}`).toBe(true);
      expect((await fetch(`${base}/api/health`)).ok).toBe(true);
    }
  }, 600_000);

  it('resumes a damaged zip killed mid-ingest after a restart on the same data directory', async () => {
    const lying = uploads.find((upload) => upload.name === 'lying.zip') as HostileUpload;
    const reportUuid = reportUuids.at(-1) as string;
    await sendUpload(reportUuid, lying.name, lying.body);
    // No goodbye: the ingest job stays active and is resumed at the next start.
    await server.kill('SIGKILL');
    await startServer('server-restarted');
    const data = await verdicts(reportUuid);
    expectVerdicts(data.dataset?.files ?? [], lying.verdicts);
    expect(server.running).toBe(true);
    // Earlier verdicts survived the restart.
    const earlier = await verdicts(reportUuids[1] as string);
    expectVerdicts(earlier.dataset?.files ?? [], (uploads[0] as HostileUpload).verdicts);
  }, 300_000);
});
