import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../test/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';
import { AmpelosS3UploadStore } from './s3-upload-store.ts';
import type { Storage } from './storage.ts';

const MiB = 1024 * 1024;
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
});

/** The store with 5 MiB parts (production uses ≥ 103 MiB; the behaviour is the same, only smaller). */
async function storeAndStorage(prefix = '') {
  const settings = await s3.newBucket(prefix);
  const store = new AmpelosS3UploadStore(settings, 'uploads/', 5 * MiB, 2, 0);
  const parts: number[] = [];
  (
    store as unknown as { client: { middlewareStack: { add: (...args: unknown[]) => void } } }
  ).client.middlewareStack.add(
    (next: (args: unknown) => unknown, context: { commandName: string }) =>
      (args: { input: { PartNumber?: number } }) => {
        if (context.commandName === 'UploadPartCommand') parts.push(args.input.PartNumber ?? 0);
        return next(args);
      },
    { step: 'initialize', name: 'countParts' },
  );
  return { store, storage: createS3Storage(settings) as Storage, parts };
}

async function sha256Of(storage: Storage, key: string) {
  const hash = createHash('sha256');
  const file = await storage.get(key);
  for await (const chunk of file?.stream ?? []) hash.update(chunk);
  return hash.digest('hex');
}

describe('tus uploads on S3 (@tus/s3-store on s3rver)', () => {
  it('assembles an upload sent in chunks smaller than a part, in whole parts, as the storage key uploads/{id}', async () => {
    const { store, storage, parts } = await storeAndStorage('tenant');
    const id = randomBytes(16).toString('hex');
    const body = randomBytes(12 * MiB + 321);
    await store.create(new Upload({ id, size: body.length, offset: 0 }));
    // Three-MiB PATCHes, as a client with a small chunk size (or a dropped connection) sends them.
    let offset = 0;
    while (offset < body.length) {
      const chunk = body.subarray(offset, offset + 3 * MiB);
      offset = await store.write(Readable.from([chunk]), id, offset);
      // HEAD's answer: every byte received counts, also those waiting for their part to fill.
      expect((await store.getUpload(id)).offset).toBe(offset);
    }
    expect(offset).toBe(body.length);
    // 12 MiB + a bit in 5 MiB parts: 3 parts, never a short one in the middle.
    expect(parts).toEqual([1, 2, 3]);
    expect(await storage.stat(`uploads/${id}`)).toEqual({ size: body.length });
    expect(await sha256Of(storage, `uploads/${id}`)).toBe(createHash('sha256').update(body).digest('hex'));
    // Finished: the offset stays whole once the multipart upload is gone.
    expect((await store.getUpload(id)).offset).toBe(body.length);
  }, 120_000);

  it('removes a finished upload and its metadata from the bucket', async () => {
    const { store, storage } = await storeAndStorage();
    const id = randomBytes(16).toString('hex');
    await store.create(new Upload({ id, size: 5, offset: 0 }));
    await store.write(Readable.from([Buffer.from('hello')]), id, 0);
    expect(await storage.stat(`uploads/${id}`)).toEqual({ size: 5 });
    await store.remove(id);
    expect(await storage.stat(`uploads/${id}`)).toBeNull();
    expect(await storage.stat(`uploads/${id}.info`)).toBeNull();
    await expect(store.remove(id)).rejects.toBeTruthy();
  });

  it('removes an unfinished upload, its parts and its waiting bytes', async () => {
    const { store, storage } = await storeAndStorage();
    const id = randomBytes(16).toString('hex');
    await store.create(new Upload({ id, size: 10 * MiB, offset: 0 }));
    await store.write(Readable.from([randomBytes(MiB)]), id, 0);
    expect(await storage.stat(`uploads/${id}.part`)).toEqual({ size: MiB });
    await store.remove(id);
    await expect(store.getUpload(id)).rejects.toBeTruthy();
    expect(await storage.stat(`uploads/${id}.info`)).toBeNull();
    expect(await storage.stat(`uploads/${id}.part`)).toBeNull();
  });
});
