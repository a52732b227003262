import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A byte range, both ends inclusive (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded and generated files live: a local directory (this file) or an S3-compatible bucket
 * (`s3-storage.ts`: put/putStream = PutObject or multipart upload, get with a range = ranged
 * GetObject, list = ListObjectsV2, withLocalFile = download to a temporary file). Every product
 * file goes through it; `storage.contract.test.ts` holds both adapters to the same behaviour.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Streams into the key; readers never see a partly written file. Resolves with the bytes written.
   * `sizeHint` (bytes, when known) lets S3 pick parts big enough for its 10,000-part limit.
   */
  putStream(key: string, body: Readable, contentType: string, sizeHint?: number): Promise<number>;
  /** `size` is the whole file's, also when a range is asked for. */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Every key under a prefix (recursively), in no particular order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Runs `use` with a local path of the file, for libraries that need random access (zip central
   * directory, GeoTIFF strips). The local adapter hands its own file; a remote one downloads first.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /** The URL the browser uses to fetch the file. */
  url(key: string): string;
  /** Cheap readiness probe: resolves when files can be read and written, throws otherwise. */
  check(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function isSafeKey(key: string) {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function assertSafeKey(key: string) {
  if (!isSafeKey(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

async function* walk(dir: string, prefix: string): AsyncIterable<{ key: string; size: number }> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
    else if (entry.isFile() && !entry.name.includes('.partial-'))
      yield { key, size: (await stat(path.join(dir, entry.name))).size };
  }
}

export function createLocalStorage(rootDir: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  /** Writes next to the target and renames: a crash leaves a `.partial-` file, never a short one. */
  async function atomically(key: string, write: (temp: string) => Promise<void>) {
    const file = resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.partial-${randomBytes(6).toString('hex')}`;
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
  return {
    async put(key, body) {
      await atomically(key, (temp) => writeFile(temp, body));
    },
    async putStream(key, body) {
      let bytes = 0;
      await atomically(key, async (temp) => {
        const file = createWriteStream(temp);
        await pipeline(body, file);
        bytes = file.bytesWritten;
      });
      return bytes;
    },
    async get(key, range) {
      if (!isSafeKey(key)) return null;
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file, range), size: info.size };
      } catch {
        return null;
      }
    },
    async stat(key) {
      if (!isSafeKey(key)) return null;
      try {
        const info = await stat(resolve(key));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },
    list(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      assertSafeKey(clean);
      return walk(resolve(clean), `${clean}/`);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      const clean = prefix.replace(/\/+$/, '');
      assertSafeKey(clean);
      await rm(resolve(clean), { recursive: true, force: true });
    },
    async withLocalFile(key, use) {
      const file = resolve(key);
      if (!(await stat(file)).isFile()) throw new Error(`Not a file: ${key}`);
      return use(file);
    },
    url: (key) => `/api/files/${key}`,
    async check() {
      await mkdir(rootDir, { recursive: true });
      await access(rootDir, constants.R_OK | constants.W_OK);
    },
  };
}

/**
 * Prefixes whose files are never public: report outputs are served by the reports' own route to
 * the people who may see the report, agro index grids by the field-checked agro routes, uploads and
 * datasets to nobody.
 */
export const PRIVATE_PREFIXES = [
  'reports/',
  'uploads/',
  'datasets/',
  'agro/',
  'exports/',
  'system/',
] as const;

/**
 * The key as the most forgiving file system would read it: case folded (macOS, Windows, some network
 * mounts), backslashes as separators, empty and `.` segments dropped, trailing dots and spaces of a
 * segment removed (Windows ignores them). Only for decisions; the key itself is used to read.
 */
export function normaliseKey(key: string): string {
  return key
    .replaceAll('\\', '/')
    .split('/')
    .map((segment) => segment.replace(/[. ]+$/, ''))
    .filter((segment) => segment !== '')
    .join('/')
    .toLowerCase();
}

export function isPrivateKey(key: string): boolean {
  const normalised = `${normaliseKey(key)}/`;
  return PRIVATE_PREFIXES.some((prefix) => normalised.startsWith(prefix));
}

/** Inverse of `url`, for deleting a file we previously handed out. */
export function keyFromUrl(url: string | null): string | null {
  if (!url?.startsWith('/api/files/')) return null;
  return url.slice('/api/files/'.length);
}
