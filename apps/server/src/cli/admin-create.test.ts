import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The CLI and the server as a user runs them: separate processes on one embedded database.
const serverDir = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...extra,
});

function adminCreate(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
    cwd: serverDir,
    env: env(),
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(port: number, server: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

const login = (port: number, email: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password }),
  });

describe('npm run admin:create', () => {
  it('refuses a weak password and an unknown role with a clear message', () => {
    expect(adminCreate('--email', 'boss@example.com', '--password', 'short').out).toMatch(
      /--password: Must be 8 characters/,
    );
    expect(
      adminCreate('--email', 'boss@example.com', '--password', 'Strong-Pass9', '--role', 'king').out,
    ).toMatch(/unknown role/);
    expect(adminCreate('--password', 'Strong-Pass9').code).toBe(1);
  }, 90_000);

  it('creates users with the server stopped and while it runs, and they can sign in', async () => {
    const offline = adminCreate('--email', 'first-admin@example.com', '--password', 'Strong-Pass9');
    expect(offline.out).toMatch(/Created admin first-admin@example.com/);
    expect(offline.code).toBe(0);

    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: env({ PORT: String(port) }),
    });
    try {
      await waitForHealth(port, server);
      const online = adminCreate(
        '--email',
        'pilot@example.com',
        '--password',
        'Strong-Pass9',
        '--role',
        'drone_operator',
      );
      expect(online.out).toMatch(/Created drone_operator pilot@example.com/);
      expect(adminCreate('--email', 'pilot@example.com', '--password', 'Strong-Pass9').out).toMatch(
        /already exists/,
      );

      const admin = await login(port, 'first-admin@example.com', 'Strong-Pass9');
      expect(admin.status).toBe(200);
      expect(((await admin.json()) as { user: { role: string } }).user.role).toBe('admin');
      expect((await login(port, 'pilot@example.com', 'Strong-Pass9')).status).toBe(200);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 90_000);
});
