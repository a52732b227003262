import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 300_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Labelled test bank details: orders by wire transfer need them (a test unsets them to see the refusal). */
export const TEST_BANK_DETAILS = { BANK_NAME: 'Test Bank', BANK_IBAN: 'GR00 TEST', BANK_BIC: 'TESTGRAA' };

/** A server process (`apps/server/src/main.ts`) as production runs it, with its output kept. */
export function spawnServer(name: string, env: Record<string, string>, nodeFlags: string[] = []) {
  const output: string[] = [];
  const args = [...nodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...TEST_BANK_DETAILS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    exited,
    log: () => output.join(''),
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** Waits until `url` answers 200 (or throws with the output when the process died). */
    async ready(url: string) {
      await waitFor(async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited:\n${output.join('')}`);
        return fetch(url).then(
          (response) => response.ok,
          () => false,
        );
      }, `${name} at ${url}`);
    },
    async kill(signal: NodeJS.Signals) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
export type ServerProcess = ReturnType<typeof spawnServer>;

/**
 * A reverse proxy in front of several API processes that sends each request to the next one in turn
 * (as a load balancer may), counting what each served.
 */
export async function alternatingProxy(ports: number[]) {
  const served = ports.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % ports.length;
    served[index] = (served[index] ?? 0) + 1;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // Node's 5 s default would close a kept-alive socket just as the client reuses it (ECONNRESET on a
  // POST, which fetch does not retry) when the machine is slow; browsers meet nginx's 75 s.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
