import { describe, expect, it, vi } from 'vitest';
import { createLogTail, type LogBatch, redactSecrets } from './log-tail.ts';

describe('redactSecrets', () => {
  it('hides one-time link tokens, query secrets, URL credentials, bearer tokens and secret JSON fields', () => {
    expect(redactSecrets('POST /api/user/password_reset/Zm9vYmFyYmF6 200')).toBe(
      'POST /api/user/password_reset/[redacted] 200',
    );
    expect(redactSecrets('GET /verify_email/abc.def-123?x=1')).toBe('GET /verify_email/[redacted]?x=1');
    expect(redactSecrets('GET /api/user/unsubscribe/tok3n')).toBe('GET /api/user/unsubscribe/[redacted]');
    expect(redactSecrets('GET /hook?token=s3cr3t&page=2')).toBe('GET /hook?token=[redacted]&page=2');
    expect(redactSecrets('connect postgres://ampelos:hunter2@db:5432/app failed')).toBe(
      'connect postgres://ampelos:[redacted]@db:5432/app failed',
    );
    expect(redactSecrets('Authorization: Bearer eyJhbGciOi.x.y')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('{"msg":"x","password":"Grape \\"vine\\" 42","tokenHash":"abc"}')).toBe(
      '{"msg":"x","password":"[redacted]","tokenHash":"[redacted]"}',
    );
    expect(redactSecrets('{"msg":"request completed","statusCode":200}')).toBe(
      '{"msg":"request completed","statusCode":200}',
    );
  });
});

describe('createLogTail', () => {
  it('writes every line on redacted, keeps a copy and hands it out in bounded batches', async () => {
    const written: string[] = [];
    const tail = createLogTail({
      out: { write: (line: string) => written.push(line) },
      keep: 3,
      flushMs: 1,
      maxLineChars: 20,
      maxBatchChars: 45,
      maxQueue: 4,
    });
    const batches: LogBatch[] = [];
    tail.subscribe((batch) => batches.push(batch));
    const line = (n: number) => `{"n":${n},"token":"t${n}"}\n`;
    for (let n = 1; n <= 6; n++) tail.stream.write(line(n));
    // What reaches stdout is redacted as well (pino's paths miss secrets inside messages and URLs).
    expect(written).toEqual([1, 2, 3, 4, 5, 6].map((n) => `{"n":${n},"token":"[redacted]"}\n`));

    await vi.waitFor(() => expect(batches.flatMap((batch) => batch.lines)).toHaveLength(4));
    // Six lines into a queue of four: the two oldest were dropped and counted; each batch ≤ 45 characters.
    const sent = batches.flatMap((batch) => batch.lines);
    expect(sent).toEqual([3, 4, 5, 6].map((n) => `{"n":${n},"token":"[red…`));
    expect(batches.reduce((sum, batch) => sum + batch.dropped, 0)).toBe(2);
    expect(batches.every((batch) => batch.lines.join('').length <= 45)).toBe(true);
    expect(tail.recent()).toEqual([5, 6].map((n) => `{"n":${n},"token":"[red…`));
    tail.close();
  });
});
