import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The server process on its embedded database; the same code path on PostgreSQL, so run once.
const embeddedPass = process.env.TEST_DB !== 'postgres';
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!embeddedPass)('graceful shutdown', () => {
  it('finishes a request in flight when SIGTERM arrives, refuses new connections, exits 0', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-shutdown-'));
    const port = await freePort();
    const output: string[] = [];
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        SHUTDOWN_TIMEOUT_SECONDS: '60',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    server.stdout?.on('data', (chunk) => output.push(String(chunk)));
    server.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const log = () => output.join('');

    await until(
      async () => {
        if (server.exitCode !== null) throw new Error(`server exited:\n${log()}`);
        return fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      'the server to start',
      300_000,
    );

    // A slow client: headers and half of the body now, the rest after SIGTERM.
    const body = JSON.stringify({ email: 'slow-client@example.com' });
    const request = net.connect(port, '127.0.0.1');
    let answer = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      answer += chunk;
    });
    const answered = new Promise<void>((resolve) => request.on('end', () => resolve()));
    await new Promise<void>((resolve) => request.once('connect', () => resolve()));
    request.write(
      `POST /api/user/password_reset HTTP/1.1\r\nHost: localhost:${port}\r\n` +
        `Content-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await until(() => log().includes('/api/user/password_reset'), 'the request to begin');

    server.kill('SIGTERM');
    await until(() => log().includes('shutting down'), 'the shutdown to begin');
    // New connections are refused while the slow request is still open.
    await until(async () => !(await accepts(port)), 'the listening socket to close');
    expect(server.exitCode).toBeNull();

    request.end(body.slice(10));
    await answered;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(await exited).toBe(0);
  }, 420_000);
});
