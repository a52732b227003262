import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  eachZipFile,
  inspectZip,
  ZipArchiveDamage,
  ZipEntryDamage,
  type ZipLimits,
} from '../modules/datasets/ingest/zip-archive.ts';
import { buildZip, type TestZipEntry } from './zip-writer.ts';

/** Seeded generator (mulberry32): the same seed gives the same corpus on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof seededRandom>;

export const BROKEN_ZIP_KINDS = [
  'lying-local-size',
  'lying-central-size',
  'lying-compressed-size',
  'corrupt-deflate',
  'truncated',
  'overlapping-entries',
  'zip64-lie',
  'byte-flips',
  'many-entries',
] as const;
export type BrokenZipKind = (typeof BROKEN_ZIP_KINDS)[number];

function payload(random: Random, bytes: number): Buffer {
  // Compressible but not constant, like image data with structure.
  const data = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) data[i] = (i * 31 + random.int(0, 7)) & 0xff;
  return data;
}

function entries(random: Random, count: number): TestZipEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `DCIM/IMG_${String(i).padStart(5, '0')}.jpg`,
    data: payload(random, random.int(0, 4000)),
    deflate: random.next() < 0.7,
  }));
}

/** One broken archive of `kind`; `manyEntries` sets the size of the many-entries kind. */
export async function brokenZip(kind: BrokenZipKind, random: Random, manyEntries: number): Promise<Buffer> {
  const list = entries(random, random.int(2, 6));
  const victim = list[random.int(0, list.length - 1)] as TestZipEntry;
  const size = victim.data?.length ?? 0;
  switch (kind) {
    case 'lying-local-size':
      victim.lie = { localSize: random.int(0, 2 ** 32 - 1), localCompressedSize: random.int(0, 2 ** 32 - 1) };
      return buildZip(list);
    case 'lying-central-size':
      victim.deflate = true;
      victim.lie = {
        centralSize:
          random.next() < 0.5 ? random.int(0, Math.max(0, size - 1)) : size + random.int(1, 10_000),
      };
      return buildZip(list);
    case 'lying-compressed-size':
      victim.lie = { centralCompressedSize: random.int(0, size + 5000) };
      return buildZip(list);
    case 'corrupt-deflate':
      victim.deflate = true;
      victim.corruptData = true;
      return buildZip(list);
    case 'truncated': {
      const whole = await buildZip(list);
      return whole.subarray(0, random.int(0, whole.length - 1));
    }
    case 'overlapping-entries':
      list.push({ ...(list[0] as TestZipEntry), name: 'DCIM/OVERLAP.jpg', overlapWith: 0 });
      return buildZip(list);
    case 'zip64-lie':
      victim.zip64 = {
        size: random.next() < 0.5 ? random.int(0, size) : 2 ** random.int(33, 50),
        compressedSize: random.int(0, 2 ** 20),
      };
      return buildZip(list);
    case 'byte-flips': {
      const zip = Buffer.from(await buildZip(list));
      for (let n = random.int(1, 12); n > 0; n--) zip[random.int(0, zip.length - 1)] = random.int(0, 255);
      return zip;
    }
    case 'many-entries':
      return buildZip(
        Array.from({ length: manyEntries }, (_, i) => ({
          name: `f/${i}.jpg`,
          data: Buffer.from([i & 0xff]),
        })),
      );
  }
}

export interface CorpusResult {
  archives: number;
  /** Archives refused as a whole (one verdict each, from the directory check). */
  refused: number;
  /** Entries extracted whole, and entries refused as damaged (each a verdict). */
  entriesExtracted: number;
  entriesDamaged: number;
  /** Archives whose directory failed part-way while extracting (a verdict for the archive). */
  archivesDamagedMidway: number;
  /** Anything else thrown: must stay empty (it would fail the ingest job instead of giving a verdict). */
  unexpected: string[];
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * Generates `count` broken archives from `seed` and runs each through the ingest's zip code as
 * ingest does: the directory check, then every entry streamed out. Every archive ends refused,
 * every entry extracted or refused; nothing else may happen (and nothing may reach the process).
 */
export async function runBrokenZipCorpus(options: {
  seed: number;
  /** Archives of the small kinds (cycled). */
  count: number;
  /** How many archives of `manyEntries` entries each come on top (they dominate the run time). */
  manyEntryArchives: number;
  manyEntries: number;
  limits: ZipLimits;
  onArchive?: (index: number, kind: BrokenZipKind) => void;
}): Promise<CorpusResult> {
  const random = seededRandom(options.seed);
  const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-zip-corpus-'));
  const result: CorpusResult = {
    archives: 0,
    refused: 0,
    entriesExtracted: 0,
    entriesDamaged: 0,
    archivesDamagedMidway: 0,
    unexpected: [],
  };
  try {
    const smallKinds = BROKEN_ZIP_KINDS.filter((kind) => kind !== 'many-entries');
    const total = options.count + options.manyEntryArchives;
    for (let index = 0; index < total; index++) {
      const kind =
        index < options.count ? (smallKinds[index % smallKinds.length] as BrokenZipKind) : 'many-entries';
      options.onArchive?.(index, kind);
      const file = path.join(dir, `${index}.zip`);
      await writeFile(file, await brokenZip(kind, random, options.manyEntries));
      result.archives += 1;
      try {
        if (await inspectZip(file, options.limits)) {
          result.refused += 1;
          continue;
        }
        await eachZipFile(file, async (entry) => {
          try {
            await entry.copyTo(async (stream) => {
              const sink = discard();
              await new Promise<void>((resolve, reject) => {
                stream.on('error', reject);
                sink.on('error', reject);
                sink.on('finish', resolve);
                stream.pipe(sink);
              });
            });
            result.entriesExtracted += 1;
          } catch (error) {
            if (!(error instanceof ZipEntryDamage)) throw error;
            result.entriesDamaged += 1;
          }
        });
      } catch (error) {
        if (error instanceof ZipArchiveDamage) result.archivesDamagedMidway += 1;
        else result.unexpected.push(`${index} (${kind}): ${(error as Error).stack ?? error}`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return result;
}
