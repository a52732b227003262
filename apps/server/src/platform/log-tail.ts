/**
 * The live tail of the server's log lines for administrators: a pino destination that writes every
 * line on (stdout) and keeps a redacted, size-limited copy in memory, handed out in small batches.
 */

const REDACTED = '[redacted]';
const PATTERNS: [RegExp, string][] = [
  // One-time links: password reset, e-mail verification, unsubscribe.
  [/(\/(?:password_reset|verify_email|unsubscribe)\/)[^/?#\s"]+/gi, `$1${REDACTED}`],
  // Secrets in query strings, provider keys included (Agromonitoring's appid, apikey, S3 signatures).
  [
    /([?&](?:[a-z0-9_-]*(?:token|key|secret|password|signature|credential)|code|appid)=)[^&#\s"]+/gi,
    `$1${REDACTED}`,
  ],
  // Credentials inside URLs (postgres://user:password@host, smtp://…).
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s"]+:)[^@\s"]+@/gi, `$1${REDACTED}@`],
  [/(\bbearer\s+)[\w.~+/=-]+/gi, `$1${REDACTED}`],
  // JSON fields that hold secrets.
  [
    /("(?:password|newPassword|oldPassword|currentPassword|passwordHash|password_hash|token|tokenHash|token_hash|secret|cookie|set-cookie|authorization|x-metrics-token|recaptchaResponse|apiKey|api_key|secretAccessKey)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `$1"${REDACTED}"`,
  ],
];

/** The text with tokens, passwords and URL credentials replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Paths pino censors before a line is even written (stdout included). */
export const LOG_REDACT_PATHS = [
  'password',
  '*.password',
  '*.newPassword',
  'token',
  '*.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
];

export interface LogBatch {
  lines: string[];
  /** Lines skipped because they came faster than they could be sent. */
  dropped: number;
}

export interface LogTailOptions {
  /** Where every line goes first (stdout by default). */
  out?: { write(line: string): unknown };
  /** Lines kept for a newcomer. */
  keep?: number;
  flushMs?: number;
  /** Characters per line (longer ones are cut) and per batch: well under the socket's 64 KB limit. */
  maxLineChars?: number;
  maxBatchChars?: number;
  /** Lines waiting to be sent; beyond it the oldest are dropped and counted. */
  maxQueue?: number;
}

export function createLogTail(options: LogTailOptions = {}) {
  const out = options.out ?? process.stdout;
  const keep = options.keep ?? 200;
  const maxLineChars = options.maxLineChars ?? 2000;
  const maxBatchChars = options.maxBatchChars ?? 24_000;
  const maxQueue = options.maxQueue ?? 1000;
  const recentLines: string[] = [];
  const queue: string[] = [];
  const listeners = new Set<(batch: LogBatch) => void>();
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function takeBatch(): LogBatch {
    const lines: string[] = [];
    let size = 0;
    while (queue.length > 0 && size + (queue[0]?.length ?? 0) <= maxBatchChars) {
      const line = queue.shift() as string;
      lines.push(line);
      size += line.length;
    }
    const batch = { lines, dropped };
    dropped = 0;
    return batch;
  }

  function flush() {
    timer = undefined;
    const batch = takeBatch();
    for (const listener of listeners) listener(batch);
    if (queue.length > 0) schedule();
  }

  function schedule() {
    if (timer || listeners.size === 0) return;
    timer = setTimeout(flush, options.flushMs ?? 250);
    timer.unref();
  }

  return {
    /** The pino destination. */
    stream: {
      write(chunk: string) {
        // pino's paths censor known fields; the patterns catch secrets inside messages and URLs.
        out.write(redactSecrets(chunk));
        for (const raw of chunk.split('\n')) {
          if (!raw.trim()) continue;
          const redacted = redactSecrets(raw);
          const line = redacted.length > maxLineChars ? `${redacted.slice(0, maxLineChars)}…` : redacted;
          recentLines.push(line);
          if (recentLines.length > keep) recentLines.shift();
          if (listeners.size === 0) continue;
          queue.push(line);
          if (queue.length > maxQueue) {
            queue.shift();
            dropped += 1;
          }
        }
        schedule();
      },
    },
    /** The last lines, newest last, at most `maxBatchChars` characters in all. */
    recent(): string[] {
      const lines: string[] = [];
      let size = 0;
      for (let i = recentLines.length - 1; i >= 0; i--) {
        const line = recentLines[i] as string;
        if (size + line.length > maxBatchChars) break;
        lines.unshift(line);
        size += line.length;
      }
      return lines;
    },
    subscribe(listener: (batch: LogBatch) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
export type LogTail = ReturnType<typeof createLogTail>;
