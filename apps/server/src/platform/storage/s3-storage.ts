import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, isSafeKey, type Storage } from './storage.ts';

/** Where the files live on an S3-compatible service (AWS S3, MinIO, Ceph RGW, Garage…). */
export interface S3Settings {
  /** Unset for AWS S3 itself; e.g. `https://minio.internal:9000` otherwise. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Unset: the SDK's default chain (environment, instance profile…). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted). */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. `ampelos/`, to share a bucket. */
  prefix: string;
}

/** SDK client options shared by the storage adapter and the tus S3 store. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Newer SDKs add CRC checksums to every upload, as aws-chunked trailers on streams; many
    // S3-compatible servers do not understand them. Checksums only where the API demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Parts of a streamed upload: memory per upload is PART_BYTES × QUEUE (lib-storage buffers parts). */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 4;
/** S3 takes at most 10,000 parts; stay under it with a margin when the size is known. */
const MAX_PARTS = 9_000;
const DELETE_BATCH = 1000;

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/** The total size from `Content-Range: bytes 0-99/1234`. */
function totalOf(contentRange: string | undefined, fallback: number): number {
  const total = contentRange?.split('/')[1];
  return total && /^\d+$/.test(total) ? Number(total) : fallback;
}

function countingStream(onBytes: (n: number) => void) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length);
      callback(null, chunk);
    },
  });
}

/**
 * The Storage interface on an S3-compatible bucket. Objects appear whole on completion (PutObject,
 * CompleteMultipartUpload), so readers never see a partly written file, as with the local adapter.
 */
export function createS3Storage(settings: S3Settings, client = new S3Client(s3ClientConfig(settings))) {
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };
  const prefixOf = (folder: string) => {
    const clean = folder.replace(/\/+$/, '');
    assertSafeKey(clean);
    return `${prefix}${clean}/`;
  };

  async function* list(folder: string): AsyncIterable<{ key: string; size: number }> {
    const Prefix = prefixOf(folder);
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const storage: Storage & { client: S3Client } = {
    client,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async putStream(key, body, contentType, sizeHint) {
      let bytes = 0;
      const counted = body.pipe(countingStream((n) => (bytes += n)));
      body.on('error', (error) => counted.destroy(error));
      const partSize = Math.max(PART_BYTES, Math.ceil((sizeHint ?? 0) / MAX_PARTS));
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: counted, ContentType: contentType },
        partSize,
        queueSize: QUEUE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        throw error;
      }
      return bytes;
    },
    async get(key, range) {
      if (!isSafeKey(key)) return null;
      try {
        const response = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const stream = response.Body as Readable;
        return { stream, size: totalOf(response.ContentRange, response.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      if (!isSafeKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    list,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async deletePrefix(folder) {
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const Objects = batch.map((key) => ({ Key: `${prefix}${key}` }));
        batch = [];
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } }));
      };
      for await (const { key } of list(folder)) {
        batch.push(key);
        if (batch.length === DELETE_BATCH) await flush();
      }
      await flush();
    },
    async withLocalFile(key, use) {
      const found = await storage.get(key);
      if (!found) throw new Error(`Not a file: ${key}`);
      // Downloaded beside nothing else: a private directory, removed whatever `use` does.
      const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-s3-'));
      try {
        const file = path.join(dir, path.basename(key));
        await pipeline(found.stream, createWriteStream(file));
        return await use(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    url: (key) => `/api/files/${key}`,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
  return storage;
}
