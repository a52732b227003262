import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';

export type DependencyName = 'database' | 'storage' | 'queue';

export interface ReadinessReport {
  ready: boolean;
  /** Each dependency with `ok` or why it failed (a short message, never a connection string). */
  checks: Record<DependencyName, string>;
  /** Set while the process drains for shutdown: the proxy should stop sending requests. */
  stopping?: boolean;
}

/** A check that has not answered within this is counted as failed (a hung database must not hang probes). */
const CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Writes, reads back and deletes a small file; the S3 adapter may offer a cheaper check of its own. */
export function storageProbe(storage: Storage): () => Promise<void> {
  // Under a private prefix, so the probe file is never served; one name per process.
  const key = `datasets/ready-probe-${randomBytes(6).toString('hex')}`;
  const body = Buffer.from('ok');
  return async () => {
    await storage.put(key, body, 'text/plain');
    const found = await storage.stat(key);
    await storage.delete(key);
    if (found?.size !== body.length) throw new Error('the probe file could not be read back');
  };
}

/** One short line per error, without credentials an error message might quote. */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^@\s/]*@/gi, '$1[redacted]@').slice(0, 200);
}

export function createReadiness(deps: {
  database: Database;
  storageCheck: () => Promise<void>;
  queueCheck: () => Promise<void>;
  timeoutMs?: number;
}) {
  let stopping = false;
  const checks: Record<DependencyName, () => Promise<unknown>> = {
    database: () => deps.database.executor.executeSql('SELECT 1', []),
    storage: deps.storageCheck,
    queue: deps.queueCheck,
  };
  return {
    /** From now on the process reports itself not ready (SIGTERM received, draining). */
    markStopping() {
      stopping = true;
    },
    async check(): Promise<ReadinessReport> {
      const names = Object.keys(checks) as DependencyName[];
      const results = await Promise.all(
        names.map((name) =>
          withTimeout(checks[name](), deps.timeoutMs ?? CHECK_TIMEOUT_MS).then(
            () => 'ok',
            (error: unknown) => reason(error),
          ),
        ),
      );
      const report = Object.fromEntries(names.map((name, i) => [name, results[i]])) as Record<
        DependencyName,
        string
      >;
      const healthy = results.every((result) => result === 'ok');
      return { ready: healthy && !stopping, checks: report, ...(stopping ? { stopping: true } : {}) };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
