import { spawn } from 'node:child_process';

/** What a deploy writes as it runs; bounded, so an unread or huge output cannot grow memory. */
export interface DeployOutput {
  write(text: string): void;
}

export interface DeployResult {
  ok: boolean;
  /** Exit code of the command, or HTTP status of the webhook; null when neither came. */
  code: number | null;
}

/** The environment a deploy command sees: no database URL, SMTP password or other server secret. */
function commandEnvironment(requestedBy: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? '/',
    LANG: process.env.LANG ?? 'C.UTF-8',
    DEPLOY_REQUESTED_BY: requestedBy,
  };
}

/** Runs the configured shell command, streaming stdout and stderr; stopped (TERM, then KILL) after the timeout. */
export function runDeployCommand(
  command: string,
  options: { output: DeployOutput; timeoutMs: number; requestedBy: string },
): Promise<DeployResult> {
  return new Promise((resolve) => {
    // Its own process group: a timeout stops the whole script, and a deploy that restarts this server
    // is not killed with it.
    const child = spawn('/bin/sh', ['-c', command], {
      env: commandEnvironment(options.requestedBy),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const write = (chunk: Buffer) => options.output.write(chunk.toString('utf8'));
    child.stdout.on('data', write);
    child.stderr.on('data', write);
    let killer: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      options.output.write(`\n[stopped after ${Math.round(options.timeoutMs / 1000)} s]\n`);
      stop('SIGTERM');
      killer = setTimeout(() => stop('SIGKILL'), 10_000);
    }, options.timeoutMs);
    child.on('error', (error) => {
      options.output.write(`\n[could not start: ${error.message}]\n`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(killer);
      resolve({ ok: code === 0, code });
    });
  });
}

/** Calls the configured webhook with POST and streams its answer's body. */
export async function callDeployWebhook(
  url: string,
  options: { output: DeployOutput; timeoutMs: number; requestedBy: string },
): Promise<DeployResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Ampelos deploy' },
      body: JSON.stringify({
        event: 'deploy.production',
        requestedBy: options.requestedBy,
        requestedAt: new Date().toISOString(),
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    if (response.body) {
      const decoder = new TextDecoder();
      for await (const chunk of response.body) options.output.write(decoder.decode(chunk, { stream: true }));
    }
    return { ok: response.ok, code: response.status };
  } catch (error) {
    // The URL may hold a token: say what failed, never where.
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    options.output.write(`\n[the deploy webhook ${reason}]\n`);
    return { ok: false, code: null };
  }
}
