import path from 'node:path';
import type { Config } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/** The configured file storage: the S3 bucket when `S3_BUCKET` is set, else `$DATA_DIR/files`. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return config.storage.s3
    ? createS3Storage(config.storage.s3)
    : createLocalStorage(path.join(config.dataDir, 'files'));
}
