// Shared by the load and soak scripts: a fresh PostgreSQL database, the real server started on it as a
// process of its own (so the load generator does not share its event loop), and seeded data.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '..');
/** Where fresh databases are created; `BENCH_DATABASE_URL` points elsewhere. */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freshDatabase() {
  const name = `ampelos_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/**
 * A Node process running `entry` through tsx (the process itself, not a tsx wrapper: its PID is the
 * server's, for /proc sampling). `preload` modules are imported first; an IPC channel is open.
 */
export async function startNodeProcess(options: {
  entry: string;
  env: Record<string, string>;
  port: number;
  readyPath: string;
  preload?: string[];
  /** Node flags before the entry (e.g. `--cpu-prof`). */
  nodeFlags?: string[];
}): Promise<ServerProcess> {
  const args = [
    ...(options.nodeFlags ?? []),
    '--import',
    'tsx',
    ...(options.preload ?? []).flatMap((file) => ['--import', file]),
    options.entry,
  ];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await waitForHttp(`${baseUrl}${options.readyPath}`, child);
  if (child.pid === undefined) throw new Error('no pid');
  return {
    child,
    pid: child.pid,
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * The Ampelos server on a fresh database. Rate limits: only the sign-in/sign-up family is limited
 * (RATE_LIMIT_AUTH_PER_MINUTE); the bench signs in once per client, and sets it high so a repeated
 * run within a minute is not refused. The authenticated reads measured here have no rate limit.
 */
export async function startAmpelos(databaseUrl: string, port: number, preload: string[] = []) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-bench-'));
  const server = await startNodeProcess({
    entry: 'apps/server/src/main.ts',
    port,
    readyPath: '/api/health',
    preload,
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server, written there when it stops.
    nodeFlags: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      AGRO_DAILY_REFRESH: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify hello-world in its own process: the baseline every figure is divided by. */
export const startHelloWorld = (port: number) =>
  startNodeProcess({
    entry: 'bench/hello-server.ts',
    port,
    readyPath: '/',
    env: { PORT: String(port) },
  });
