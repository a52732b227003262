import path from 'node:path';
import { FileStore } from '@tus/file-store';

/** Uploads older than this that never finished are removed by `cleanUpExpiredUploads`. */
const UPLOAD_EXPIRY_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Where tus writes upload bytes: inside the storage root under `uploads/`, so an upload is then read
 * as the storage key `uploads/{id}`. An S3 deployment swaps in `@tus/s3-store` with the same bucket
 * and prefix; its part size must exceed 1 TB / 10,000 parts (see docs/IMAGING.md).
 */
export function createUploadStore(storageRootDir: string) {
  return {
    datastore: new FileStore({
      directory: path.join(storageRootDir, 'uploads'),
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    }),
    keyOf: (uploadId: string) => `uploads/${uploadId}`,
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;
