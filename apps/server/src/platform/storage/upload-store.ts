import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type Locker, MemoryLocker } from '@tus/server';
import { PostgresLocker } from './pg-locker.ts';
import { type S3Settings, s3ClientConfig } from './s3-storage.ts';

/** Uploads older than this that never finished are removed by the stores' expiry. */
const UPLOAD_EXPIRY_MS = 14 * 24 * 60 * 60 * 1000;
/** tus upload ids live under this storage folder, with either store. */
const UPLOADS_FOLDER = 'uploads/';

export interface UploadStoreOptions {
  /** The local storage root (`$DATA_DIR/files`), used when there is no S3 bucket. */
  storageRootDir: string;
  s3: S3Settings | null;
  /** Part size and how many parts a process buffers in the OS temporary directory at once (S3 only). */
  s3PartBytes: number;
  s3ParallelParts: number;
  /** PostgreSQL: the lock is shared by every API process; absent (embedded PGlite): in memory. */
  databaseUrl?: string;
  onLockError?: (error: Error) => void;
}

/**
 * Where tus writes upload bytes, and the lock that keeps two requests of one upload apart. Either
 * way an upload is then read as the storage key `uploads/{id}`:
 * - local: `@tus/file-store` in `$DATA_DIR/files/uploads/` (`{id}` and `{id}.json`);
 * - S3: `@tus/s3-store` multipart uploads on the storage bucket, whose object keys are mapped under
 *   `{S3_PREFIX}uploads/` (`{id}`, `{id}.info` with the tus metadata, `{id}.part` with the bytes
 *   of an interrupted part). Parts are `s3PartBytes` (≥ 103 MiB, so 1000 GiB fits in S3's 10,000
 *   parts) and every part but the last is exactly that size; each is written to the OS temporary
 *   directory before it is sent, at most `s3ParallelParts` of them at once per process.
 */
export function createUploadStore(options: UploadStoreOptions) {
  const locker: Locker & { close?: () => Promise<void> } = options.databaseUrl
    ? new PostgresLocker({ connectionString: options.databaseUrl, onError: options.onLockError })
    : new MemoryLocker();
  const datastore = options.s3
    ? createS3UploadStore(options.s3, options.s3PartBytes, options.s3ParallelParts)
    : new FileStore({
        directory: path.join(options.storageRootDir, 'uploads'),
        expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      });
  return {
    datastore,
    locker,
    keyOf: (uploadId: string) => `${UPLOADS_FOLDER}${uploadId}`,
    async close() {
      await locker.close?.();
    },
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;

function createS3UploadStore(settings: S3Settings, partBytes: number, parallelParts: number) {
  const store = new S3Store({
    partSize: partBytes,
    // Leftovers of an interrupted PATCH wait in `{id}.part` instead of becoming a short part, so
    // the part count stays at size / partSize whatever the client's chunking.
    minPartSize: partBytes,
    maxConcurrentPartUploads: parallelParts,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // Object tagging is missing from several S3-compatible services; expiry works without it.
    useTags: false,
    s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
  });
  prefixUploadKeys((store as unknown as { client: S3Client }).client, `${settings.prefix}${UPLOADS_FOLDER}`);
  return store;
}

type KeyedInput = {
  Key?: string;
  Prefix?: string;
  Delete?: { Objects?: { Key?: string }[] };
};

/**
 * `@tus/s3-store` names objects by the bare upload id at the bucket root; this maps every key it
 * sends under `prefix` (and scopes its expiry listing to it), so uploads sit beside the other files.
 */
export function prefixUploadKeys(client: S3Client, prefix: string) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = { ...(args.input as KeyedInput) };
      if (input.Key !== undefined) input.Key = `${prefix}${input.Key}`;
      if (input.Delete?.Objects) {
        input.Delete = {
          ...input.Delete,
          Objects: input.Delete.Objects.map((object) => ({ ...object, Key: `${prefix}${object.Key}` })),
        };
      }
      const listing = context.commandName === 'ListMultipartUploadsCommand';
      if (listing) input.Prefix = prefix;
      const result = await next({ ...args, input });
      if (listing) {
        const output = result.output as { Uploads?: { Key?: string }[] };
        for (const upload of output.Uploads ?? []) upload.Key = upload.Key?.slice(prefix.length);
      }
      return result;
    },
    { step: 'initialize', name: 'ampelosUploadKeyPrefix' },
  );
}
