import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Where the journeys' global setup (`global-setup.ts`) leaves the embedded database of a server that
 * started once on an empty data directory: migrated, job queues created, shut down cleanly.
 */
export const DATABASE_SNAPSHOT_ENV = 'AMPELOS_E2E_DB_SNAPSHOT';

/**
 * The real server with the built web app, on the embedded defaults, in a throw-away data directory.
 * Under the journeys' global setup the directory starts with a copy of that migrated database (half of a
 * server's start-up CPU is migrating an empty one); elsewhere (a11y, security scan) it starts empty.
 */
export async function startServer(options: { readyTimeoutMs?: number; env?: Record<string, string> } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-e2e-'));
  const snapshot = process.env[DATABASE_SNAPSHOT_ENV];
  if (snapshot) await cp(snapshot, path.join(dataDir, 'db'), { recursive: true });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      // Labelled test bank details: checkout by wire transfer needs them.
      BANK_NAME: 'E2E Test Bank',
      BANK_IBAN: 'GR00 E2E TEST',
      BANK_BIC: 'E2ETGRAA',
      ...process.env,
      ...options.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout?.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr?.on('data', (chunk) => logs.push(String(chunk)));
  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${logs.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy:\n${logs.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const outbox = path.join(dataDir, 'mail', 'outbox');
  return {
    baseUrl,
    dataDir,
    logs,
    /**
     * Waits for an e-mail to `to` (whose text matches `matching`, when given) in the outbox and
     * returns its raw RFC 5322 text.
     */
    async waitForEmail(to: string, matching?: RegExp, timeoutMs = 20_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files.sort().reverse()) {
          const text = await readFile(path.join(outbox, file), 'utf8');
          if (text.includes(`To: ${to}`) && (!matching || matching.test(text))) return text;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no e-mail to ${to} in ${outbox}`);
    },
    /** Stops the server (SIGTERM: a clean shutdown) and removes its data directory unless kept. */
    async stop(options: { keepDataDir?: boolean } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/** The first http(s) link of the e-mail's text part (quoted-printable soft breaks undone). */
export function firstLink(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = unfolded.match(/https?:\/\/[^\s"<>]+/);
  if (!match) throw new Error(`no link in:\n${eml}`);
  return match[0];
}
