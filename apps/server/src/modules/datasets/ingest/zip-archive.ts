import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

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

async function openZip(file: string) {
  // strictFileNames off: backslashes become slashes, so "..\evil" is caught as "../evil" below.
  const zip = await yauzl.openPromise(file, {
    lazyEntries: true,
    autoClose: false,
    decodeStrings: true,
    validateEntrySizes: true,
    strictFileNames: false,
  });
  // An error the archive emits while nobody awaits an entry (a read failing late) must not reach
  // the process: the next `nextEntry` or entry stream reports the damage as a verdict.
  zip.on('error', () => undefined);
  return zip;
}

/**
 * The next entry of the central directory, or null at its end. yauzl's own `eachEntry` throws a
 * TypeError from inside an event when the archive errors between two reads; this one cannot.
 */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => {
      settle();
      resolve(entry);
    };
    const onEnd = () => {
      settle();
      resolve(null);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) yield entry;
}

/** What went wrong with a zip, in words a customer understands (yauzl's wording stays in brackets). */
export function describeZipDamage(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (/too many bytes/.test(detail)) {
    return `The file is larger than the zip declares: the zip is damaged or was altered (${detail})`;
  }
  if (/not enough bytes|unexpected end|premature|truncated/i.test(detail)) {
    return `The file ends early inside the zip: the zip is incomplete or damaged (${detail})`;
  }
  if (/invalid|incorrect|unknown compression|Z_DATA_ERROR|header check|distance|code lengths/i.test(detail)) {
    return `The file is damaged inside the zip (its compressed data cannot be unpacked): make the zip again and upload it (${detail})`;
  }
  if (/unsupported compression/i.test(detail)) {
    return `The file is packed with a compression method we do not read: make the zip with ordinary (deflate) compression (${detail})`;
  }
  return `The file cannot be taken out of the zip: the zip is damaged (${detail})`;
}

function refusalOf(error: unknown): ZipRefusal {
  const message = error instanceof Error ? error.message : String(error);
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(message)) {
    return { reason: 'unsafe_zip', message: `The zip contains an unsafe path (${message})` };
  }
  if (/end of central directory|central directory/i.test(message)) {
    return {
      reason: 'corrupt',
      message: `The zip is incomplete or damaged (its list of files is missing or broken): upload it again (${message})`,
    };
  }
  return { reason: 'corrupt', message: `The zip is damaged and cannot be read (${message})` };
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
    const spans: [number, number, string][] = [];
    for await (const entry of entriesOf(zip)) {
      if (isSymlink(entry)) {
        return { reason: 'unsafe_zip', message: `The zip contains a symbolic link: ${entry.fileName}` };
      }
      if (isDirectory(entry)) continue;
      spans.push([entry.relativeOffsetOfLocalHeader, entry.compressedSize, entry.fileName]);
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
    const overlap = overlappingEntry(spans);
    if (overlap) {
      return {
        reason: 'unsafe_zip',
        message: `Entries of the zip overlap (${overlap}): the zip was altered`,
      };
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

/**
 * The entry whose bytes start inside another's (the "overlapping entries" zip bomb, or a forged
 * directory), or null. Local headers are at least 30 bytes, so entries at distinct offsets with
 * their data after the header cannot share bytes unless one starts within another's data.
 */
function overlappingEntry(spans: [number, number, string][]): string | null {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i++) {
    const [start, , name] = sorted[i] as [number, number, string];
    const [previousStart, previousSize] = sorted[i - 1] as [number, number, string];
    if (start < previousStart + 30 + previousSize) return name;
  }
  return null;
}

export interface ZipFileEntry {
  name: string;
  size: number;
  encrypted: boolean;
  /**
   * Streams the entry's bytes into `sink` through one pipeline, attached in the same tick the
   * entry is opened: a corrupt deflate stream, a size that lies or a truncated archive rejects this
   * promise (and destroys `sink`) instead of emitting an error nobody listens to.
   */
  extractTo: (sink: Writable) => Promise<void>;
  /**
   * Hands the entry's bytes to `consume` (e.g. a storage adapter that awaits before piping) as a
   * readable whose feeding pipeline is already owned. Rejects with `ZipEntryDamage` when the
   * entry is damaged, or with the consumer's own error when the consumer failed first.
   */
  copyTo: (consume: (stream: Readable) => Promise<unknown>) => Promise<void>;
}

/** Damage found while extracting one entry: its verdict, not the archive's. */
export class ZipEntryDamage extends Error {}

/** The archive's directory failed part-way (after `visited` files): the rest cannot be listed. */
export class ZipArchiveDamage extends Error {
  constructor(
    message: string,
    readonly visited: number,
  ) {
    super(message);
  }
}

async function* entriesOrDamage(zip: ZipFile, visited: () => number): AsyncGenerator<Entry> {
  try {
    yield* entriesOf(zip);
  } catch (error) {
    throw new ZipArchiveDamage(refusalOf(error).message, visited());
  }
}

/**
 * Calls `visit` for every regular file entry (litter skipped), one at a time. yauzl checks each
 * stream against the declared size, so the limits checked by `inspectZip` hold while extracting;
 * every failure of an entry's streams rejects that entry's `extractTo`/`readable` with a
 * `ZipEntryDamage` whose message a customer understands; a directory that fails part-way rejects
 * with `ZipArchiveDamage` (the files visited so far keep their verdicts).
 */
export async function eachZipFile(file: string, visit: (entry: ZipFileEntry) => Promise<void>) {
  const zip = await openZip(file).catch((error: unknown) => {
    throw new ZipArchiveDamage(refusalOf(error).message, 0);
  });
  let visited = 0;
  try {
    for await (const entry of entriesOrDamage(zip, () => visited)) {
      if (isDirectory(entry) || isArchiveLitter(entry.fileName)) continue;
      visited += 1;
      const openSource = async () => {
        try {
          return await zip.openReadStreamPromise(entry);
        } catch (error) {
          throw new ZipEntryDamage(describeZipDamage(error));
        }
      };
      const own = (source: Readable, sink: Writable) =>
        pipeline(source, sink).catch((error: unknown) => {
          // yauzl may forward one more error a tick later: keep a listener so it is never unhandled.
          source.on('error', () => undefined);
          throw new ZipEntryDamage(describeZipDamage(error), { cause: error });
        });
      await visit({
        name: entry.fileName,
        size: entry.uncompressedSize,
        encrypted: entry.isEncrypted(),
        extractTo: async (sink) => own(await openSource(), sink),
        copyTo: async (consume) => {
          const source = await openSource();
          const pass = new PassThrough();
          // Both settle: `feeding` fails on damage (and destroys `pass`), `consuming` on the consumer's error.
          const feeding = own(source, pass).then(
            () => null,
            (error: ZipEntryDamage) => error,
          );
          const consuming = consume(pass).then(
            () => null,
            (error: unknown) => error ?? new Error('the consumer failed'),
          );
          const [damage, consumerError] = await Promise.all([feeding, consuming]);
          // The consumer stopping first shows on the feeding side as a premature close: its error wins.
          const consumerFirst =
            (damage?.cause as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
          if (consumerError && (!damage || consumerFirst)) throw consumerError;
          if (damage) throw damage;
        },
      });
    }
  } finally {
    zip.close();
  }
}
