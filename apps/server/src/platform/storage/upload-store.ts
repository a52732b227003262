import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { type Locker, MemoryLocker } from '@tus/server';
import { PostgresLocker } from './pg-locker.ts';
import type { S3Settings } from './s3-storage.ts';
import { AmpelosS3UploadStore } from './s3-upload-store.ts';

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
 *   of an unfinished part); part sizes and temporary disk in `s3-upload-store.ts`.
 */
export function createUploadStore(options: UploadStoreOptions) {
  const locker: Locker & { close?: () => Promise<void> } = options.databaseUrl
    ? new PostgresLocker({ connectionString: options.databaseUrl, onError: options.onLockError })
    : new MemoryLocker();
  const datastore = options.s3
    ? new AmpelosS3UploadStore(
        options.s3,
        UPLOADS_FOLDER,
        options.s3PartBytes,
        options.s3ParallelParts,
        UPLOAD_EXPIRY_MS,
      )
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
