import type { Readable } from 'node:stream';
import yauzl, { type Entry } from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** Highest uncompressed/compressed ratio of a large entry and of the whole archive. */
  maxRatio: number;
  /** Most bytes the archive may expand to. */
  maxTotalBytes: number;
}

export type ZipRefusal = {
  reason: 'unsafe_zip' | 'zip_bomb' | 'too_many_entries' | 'corrupt';
  message: string;
};

/** Ratios of small entries say nothing (a short text compresses well); bombs are large. */
const RATIO_CHECK_MIN_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Operating-system litter that is skipped without a word (macOS resource forks, Finder files). */
export function isArchiveLitter(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return (
    name.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store' || base === 'Thumbs.db'
  );
}

const isDirectory = (entry: Entry) => entry.fileName.endsWith('/');
const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

function openZip(file: string) {
  // strictFileNames off: backslashes become slashes, so "..\evil" is caught as "../evil" below.
  return yauzl.openPromise(file, {
    lazyEntries: true,
    autoClose: false,
    decodeStrings: true,
    validateEntrySizes: true,
    strictFileNames: false,
  });
}

function refusalOf(error: unknown): ZipRefusal {
  const message = error instanceof Error ? error.message : String(error);
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(message)) {
    return { reason: 'unsafe_zip', message: `The zip contains an unsafe path (${message})` };
  }
  return { reason: 'corrupt', message: `The zip cannot be read (${message})` };
}

/**
 * Checks the whole central directory before anything is extracted: entry count, unsafe paths
 * (traversal, absolute), symbolic links, total expanded size and compression ratios (zip bombs).
 * Null when the archive may be extracted.
 */
export async function inspectZip(file: string, limits: ZipLimits): Promise<ZipRefusal | null> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    return refusalOf(error);
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      return {
        reason: 'too_many_entries',
        message: `The zip has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`,
      };
    }
    let compressed = 0;
    let expanded = 0;
    for await (const entry of zip.eachEntry()) {
      if (isSymlink(entry)) {
        return { reason: 'unsafe_zip', message: `The zip contains a symbolic link: ${entry.fileName}` };
      }
      if (isDirectory(entry)) continue;
      compressed += entry.compressedSize;
      expanded += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize >= RATIO_CHECK_MIN_BYTES && ratio > limits.maxRatio) {
        return {
          reason: 'zip_bomb',
          message: `${entry.fileName} expands ${Math.round(ratio)} times (at most ${limits.maxRatio} accepted)`,
        };
      }
      if (expanded > limits.maxTotalBytes) {
        return { reason: 'zip_bomb', message: 'The zip expands to more than the dataset size limit' };
      }
    }
    if (expanded >= RATIO_CHECK_MIN_BYTES && expanded / Math.max(compressed, 1) > limits.maxRatio) {
      return { reason: 'zip_bomb', message: `The zip expands ${Math.round(expanded / compressed)} times` };
    }
    return null;
  } catch (error) {
    return refusalOf(error);
  } finally {
    zip.close();
  }
}

export interface ZipFileEntry {
  name: string;
  size: number;
  encrypted: boolean;
  open: () => Promise<Readable>;
}

/**
 * Calls `visit` for every regular file entry (litter skipped), one at a time, with a stream of its
 * bytes. yauzl checks each stream against the declared size, so the limits checked by `inspectZip`
 * hold while extracting.
 */
export async function eachZipFile(file: string, visit: (entry: ZipFileEntry) => Promise<void>) {
  const zip = await openZip(file);
  try {
    for await (const entry of zip.eachEntry()) {
      if (isDirectory(entry) || isArchiveLitter(entry.fileName)) continue;
      await visit({
        name: entry.fileName,
        size: entry.uncompressedSize,
        encrypted: entry.isEncrypted(),
        open: () => zip.openReadStreamPromise(entry),
      });
    }
  } finally {
    zip.close();
  }
}
