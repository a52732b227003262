import path from 'node:path';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { createLocalStorage } from '../../platform/storage/storage.ts';
import type { Client } from '../../test/http.ts';
import type { TestApp } from '../../test/test-app.ts';

export const storageOf = (ctx: TestApp) => createLocalStorage(path.join(ctx.config.dataDir, 'files'));

/** Every entry of a zip, name → bytes (test sizes only). */
export async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

/** Asks for an export and waits for the job to finish it; answers the export as the API shows it. */
export async function exportAndWait(http: Client, timeoutMs = 30_000) {
  const started = await http.post('/api/user/export');
  expect(started.statusCode).toBe(202);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = (await http.get('/api/user/export')).json().export;
    if (current.status === 'ready' || current.status === 'failed') return current;
    if (Date.now() > deadline) throw new Error(`export still ${current.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
