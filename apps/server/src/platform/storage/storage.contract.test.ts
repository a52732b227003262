import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../test/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';

let s3: S3TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function localDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-storage-'));
  dirs.push(dir);
  return dir;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysUnder(storage: Storage, prefix: string) {
  const found: { key: string; size: number }[] = [];
  for await (const entry of storage.list(prefix)) found.push(entry);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** A deterministic byte stream produced on demand, `total` bytes in 1 MiB chunks. */
function generated(total: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(1024 * 1024, total - sent);
      const chunk = Buffer.alloc(size, (sent / (1024 * 1024)) % 251);
      sent += size;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** `lendsOwnFile`: withLocalFile hands the stored file itself rather than a temporary download. */
const adapters: { name: string; lendsOwnFile: boolean; make: () => Promise<Storage> }[] = [
  { name: 'local directory', lendsOwnFile: true, make: async () => createLocalStorage(await localDir()) },
  { name: 'S3 (s3rver)', lendsOwnFile: false, make: async () => createS3Storage(await s3.newBucket()) },
  {
    name: 'S3 with a key prefix',
    lendsOwnFile: false,
    make: async () => createS3Storage(await s3.newBucket('tenant-a/files')),
  },
];

describe.each(adapters)('Storage contract: $name', ({ make, lendsOwnFile }) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
  });

  it('stores a buffer and reads it back whole, with its size', async () => {
    await storage.put('avatars/u1-md.webp', Buffer.from('webp bytes'), 'image/webp');
    const file = await storage.get('avatars/u1-md.webp');
    expect(file?.size).toBe(10);
    expect((await readAll(file?.stream as Readable)).toString()).toBe('webp bytes');
    expect(await storage.stat('avatars/u1-md.webp')).toEqual({ size: 10 });
  });

  it('reads an inclusive byte range and still reports the whole size', async () => {
    await storage.put('reports/r1/data_files/a.json', Buffer.from('0123456789abcdef'), 'application/json');
    const file = await storage.get('reports/r1/data_files/a.json', { start: 3, end: 7 });
    expect(file?.size).toBe(16);
    expect((await readAll(file?.stream as Readable)).toString()).toBe('34567');
    const tail = await storage.get('reports/r1/data_files/a.json', { start: 15, end: 15 });
    expect((await readAll(tail?.stream as Readable)).toString()).toBe('f');
  });

  it('answers null for files that do not exist', async () => {
    expect(await storage.get('reports/none/x.png')).toBeNull();
    expect(await storage.stat('reports/none/x.png')).toBeNull();
  });

  it('replaces a file on a second put', async () => {
    await storage.put('fields/f1.webp', Buffer.from('first'), 'image/webp');
    await storage.put('fields/f1.webp', Buffer.from('second!'), 'image/webp');
    expect(await storage.stat('fields/f1.webp')).toEqual({ size: 7 });
  });

  it('lists every file under a folder, recursively, and nothing beside it', async () => {
    await storage.put('datasets/d1/files/a.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('datasets/d1/files/sub/b.jpg', Buffer.from('bb'), 'image/jpeg');
    await storage.put('datasets/d10/files/c.jpg', Buffer.from('ccc'), 'image/jpeg');
    expect(await keysUnder(storage, 'datasets/d1')).toEqual([
      { key: 'datasets/d1/files/a.jpg', size: 1 },
      { key: 'datasets/d1/files/sub/b.jpg', size: 2 },
    ]);
    expect(await keysUnder(storage, 'datasets/d1/')).toHaveLength(2);
    expect(await keysUnder(storage, 'datasets/nothing')).toEqual([]);
  });

  it('lists past one page of results', async () => {
    // S3 answers at most 1000 keys per ListObjectsV2 page.
    for (let batch = 0; batch < 1005; batch += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, 1005 - batch) }, (_, i) =>
          storage.put(`reports/many/tiles/ai/${batch + i}.png`, Buffer.from([i % 256]), 'image/png'),
        ),
      );
    }
    expect(await keysUnder(storage, 'reports/many')).toHaveLength(1005);
  }, 120_000);

  it('deletes one file, and a missing one without complaint', async () => {
    await storage.put('avatars/gone.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('avatars/gone.webp');
    expect(await storage.stat('avatars/gone.webp')).toBeNull();
    await expect(storage.delete('avatars/never-was.webp')).resolves.toBeUndefined();
  });

  it('deletes a whole folder and keeps its neighbours', async () => {
    await storage.put('datasets/d2/files/a.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('datasets/d2/files/deep/b.jpg', Buffer.from('b'), 'image/jpeg');
    await storage.put('datasets/d20/files/c.jpg', Buffer.from('c'), 'image/jpeg');
    await storage.deletePrefix('datasets/d2');
    expect(await keysUnder(storage, 'datasets/d2')).toEqual([]);
    expect(await storage.stat('datasets/d20/files/c.jpg')).toEqual({ size: 1 });
    await expect(storage.deletePrefix('datasets/empty')).resolves.toBeUndefined();
  });

  it('streams a file in and counts its bytes', async () => {
    const written = await storage.putStream(
      'reports/r2/x-hd.jpg',
      Readable.from([Buffer.from('abc'), Buffer.from('def')]),
      'image/jpeg',
    );
    expect(written).toBe(6);
    expect((await readAll((await storage.get('reports/r2/x-hd.jpg'))?.stream as Readable)).toString()).toBe(
      'abcdef',
    );
  });

  it('streams a large file in parts, byte for byte', async () => {
    const total = 40 * 1024 * 1024 + 12_345;
    const source = generated(total);
    expect(await storage.putStream('datasets/big/ortho.tif', source.stream, 'image/tiff', total)).toBe(total);
    expect(await storage.stat('datasets/big/ortho.tif')).toEqual({ size: total });
    const hash = createHash('sha256');
    const stored = await storage.get('datasets/big/ortho.tif');
    for await (const chunk of stored?.stream ?? []) hash.update(chunk);
    expect(hash.digest('hex')).toBe(source.digest());
  }, 120_000);

  it('refuses a failed stream without leaving a file behind', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.putStream('datasets/d3/broken.jpg', failing, 'image/jpeg')).rejects.toThrow();
    expect(await storage.stat('datasets/d3/broken.jpg')).toBeNull();
  });

  it('lends a local copy of a file and cleans up after', async () => {
    await storage.put('uploads/0123abcd', Buffer.from('zip bytes'), 'application/octet-stream');
    let seen = '';
    const result = await storage.withLocalFile('uploads/0123abcd', async (file) => {
      seen = file;
      return (await readFile(file)).toString();
    });
    expect(result).toBe('zip bytes');
    // The local adapter lends its own file; a remote one a temporary download, removed after.
    expect(existsSync(seen)).toBe(lendsOwnFile);
    await expect(storage.withLocalFile('uploads/missing', async () => 1)).rejects.toThrow();
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs/path', 'a/./b', '.hidden', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.putStream(key, Readable.from(['x']), 'text/plain')).rejects.toThrow(/Unsafe/);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe/);
      await expect(storage.withLocalFile(key, async () => 1)).rejects.toThrow();
    }
    await expect(storage.deletePrefix('../')).rejects.toThrow(/Unsafe/);
    await expect(keysUnder(storage, '../')).rejects.toThrow(/Unsafe/);
  });

  it('passes its readiness check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('S3 adapter specifics', () => {
  it('sends a large stream as a multipart upload, parts sized for the 10,000-part limit', async () => {
    const storage = createS3Storage(await s3.newBucket());
    const sent: { name: string; bytes: number }[] = [];
    storage.client.middlewareStack.add(
      (next, context) => (args) => {
        const body = (args.input as { Body?: unknown }).Body;
        sent.push({ name: context.commandName as string, bytes: Buffer.isBuffer(body) ? body.length : -1 });
        return next(args);
      },
      { step: 'initialize', name: 'recordCommands' },
    );
    const parts = () => sent.filter(({ name }) => name === 'UploadPartCommand').map(({ bytes }) => bytes);
    const total = 20 * 1024 * 1024;
    await storage.putStream('datasets/mp/file.bin', generated(total).stream, 'application/octet-stream');
    // 20 MiB in 8 MiB parts: 3 parts, never one PutObject of the whole body.
    expect(parts()).toEqual([8 * 1024 * 1024, 8 * 1024 * 1024, 4 * 1024 * 1024]);
    expect(sent.map(({ name }) => name)).toContain('CompleteMultipartUploadCommand');
    expect(sent.map(({ name }) => name)).not.toContain('PutObjectCommand');
    // With the size known, parts grow so that the whole file stays under 10,000 parts.
    sent.length = 0;
    const hint = 200 * 1024 * 1024 * 1024;
    const body = 30 * 1024 * 1024;
    await storage.putStream('datasets/mp/big.bin', generated(body).stream, 'application/octet-stream', hint);
    expect(parts()[0]).toBe(Math.ceil(hint / 9000));
    expect(parts()[0] as number).toBeGreaterThan(hint / 10_000);
  });

  it('keeps every key under the configured prefix', async () => {
    const settings = await s3.newBucket('tenant-b');
    const storage = createS3Storage(settings);
    await storage.put('avatars/p.webp', Buffer.from('p'), 'image/webp');
    const head = await storage.client.send(
      new HeadObjectCommand({ Bucket: settings.bucket, Key: 'tenant-b/avatars/p.webp' }),
    );
    expect(head.ContentLength).toBe(1);
  });

  it('fails its readiness check when the bucket is missing', async () => {
    const settings = await s3.newBucket();
    await expect(createS3Storage({ ...settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
  });
});

describe('local adapter specifics', () => {
  it('fails its readiness check when the directory cannot be created', async () => {
    const dir = await localDir();
    await writeFile(path.join(dir, 'a-file'), 'x');
    await expect(createLocalStorage(path.join(dir, 'a-file', 'files')).check()).rejects.toThrow();
  });
});
