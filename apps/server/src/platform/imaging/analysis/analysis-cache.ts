import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { IndicatorName } from '../types.ts';
import { lazyDomainIndex } from './plant-domain.ts';
import type { PlantFields } from './plant-fields.ts';

/**
 * What phase 1 hands to phase 2 for one photo, so phase 2 neither decodes the photo nor recomputes
 * its plant-scale fields: the fields on the domain pixels and the HD JPEG. Phase 2 produces exactly
 * the same result with or without it (both derive from the same decode, see `preparePhoto`).
 */
export interface CachedAnalysis {
  fields: PlantFields;
  sourceWidth: number;
  sourceHeight: number;
  hd: { w: number; h: number };
  hdJpeg: Buffer;
  /** The options the fields were computed with; an entry made with others is not used. */
  optionsKey: string;
}

/** A store of phase-1 results keyed by unit. Best effort: a miss only costs the recomputation. */
export interface AnalysisCache {
  get(key: string): Promise<CachedAnalysis | null>;
  set(key: string, entry: CachedAnalysis): Promise<void>;
  delete(key: string): Promise<void>;
  /** Forgets every key under a prefix (a dataset's units once it finished or failed). */
  clear(prefix: string): Promise<void>;
}

/** Where a photo's phase-1 result goes: the cache and the photo's key in it. */
export interface AnalysisCacheSlot {
  cache: AnalysisCache;
  key: string;
}

/**
 * The slot with its entry read from the cache once: the later reads of one job (the map's plant
 * layers, then phase 2) share the first read's entry, until the job writes or drops the key. One
 * read of a Seneca photo's entry is ~50 MB; each read also counted as external memory towards
 * V8's next full garbage collection. The memo lives as long as the returned slot (one job).
 */
export function readOnce(slot: AnalysisCacheSlot): AnalysisCacheSlot {
  const reads = new Map<string, Promise<CachedAnalysis | null>>();
  const { cache } = slot;
  return {
    key: slot.key,
    cache: {
      get(key) {
        let read = reads.get(key);
        if (!read) {
          read = cache.get(key);
          reads.set(key, read);
        }
        return read;
      },
      set(key, entry) {
        reads.delete(key);
        return cache.set(key, entry);
      },
      delete(key) {
        reads.delete(key);
        return cache.delete(key);
      },
      clear(prefix) {
        reads.clear();
        return cache.clear(prefix);
      },
    },
  };
}

interface Header {
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
  hd: { w: number; h: number };
  roles: PlantFields['roles'];
  names: IndicatorName[];
  canopyCount: number;
  domainCount: number;
  validCount: number;
  canopyThreshold: number;
  domainBytes: number;
  jpegBytes: number;
  optionsKey: string;
}

/**
 * Header (JSON, length-prefixed) · packed domain · each indicator on the domain pixels · JPEG, as
 * the chunks to write one after the other (views of the entry's arrays, nothing copied).
 */
export function encodeAnalysis(entry: CachedAnalysis): Buffer[] {
  const { fields } = entry;
  const domainBits = fields.domain.words;
  const names = Object.keys(fields.values) as IndicatorName[];
  const header: Header = {
    width: fields.width,
    height: fields.height,
    sourceWidth: entry.sourceWidth,
    sourceHeight: entry.sourceHeight,
    hd: entry.hd,
    roles: fields.roles,
    names,
    canopyCount: fields.canopyCount,
    domainCount: fields.domainCount,
    validCount: fields.validCount,
    canopyThreshold: fields.canopyThreshold,
    domainBytes: domainBits.byteLength,
    jpegBytes: entry.hdJpeg.length,
    optionsKey: entry.optionsKey,
  };
  const json = Buffer.from(JSON.stringify(header));
  // Typed sections start on a multiple of 4 bytes.
  const head = Buffer.alloc(4 + Math.ceil(json.length / 4) * 4);
  head.writeUInt32LE(json.length, 0);
  json.copy(head, 4);
  const view = (array: Int32Array | Float32Array) =>
    Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  return [
    head,
    view(domainBits),
    view(fields.canopy.words),
    view(fields.shaded.words),
    ...names.map((name) => view(fields.values[name] as Float32Array)),
    entry.hdJpeg,
  ];
}

export function decodeAnalysis(bytes: Buffer): CachedAnalysis {
  const jsonLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.subarray(4, 4 + jsonLength).toString()) as Header;
  const headerBytes = 4 + Math.ceil(jsonLength / 4) * 4;
  // Typed views need 4-byte alignment: a Buffer read from a file starts its own allocation, but
  // one from a shared pool may not, and then the body is copied once.
  const aligned = (bytes.byteOffset + headerBytes) % 4 === 0;
  const body = aligned
    ? bytes.subarray(headerBytes)
    : Buffer.from(new Uint8Array(bytes.subarray(headerBytes)));
  const { width, height } = header;
  const stride = Math.ceil(width / 32);
  const domain = {
    width,
    height,
    stride,
    words: new Int32Array(body.buffer, body.byteOffset, header.domainBytes / 4),
  };
  const domainIndex = lazyDomainIndex(domain, header.domainCount);
  const words = header.domainBytes / 4;
  const maskAt = (k: number) => ({
    width,
    height,
    stride,
    words: new Int32Array(body.buffer, body.byteOffset + k * header.domainBytes, words),
  });
  const canopy = maskAt(1);
  const shaded = maskAt(2);
  const values: PlantFields['values'] = {};
  let at = body.byteOffset + 3 * header.domainBytes;
  for (const name of header.names) {
    values[name] = new Float32Array(body.buffer, at, header.domainCount);
    at += header.domainCount * 4;
  }
  const jpegStart = 3 * header.domainBytes + header.names.length * header.domainCount * 4;
  return {
    fields: {
      width,
      height,
      canopy,
      shaded,
      domain,
      get domainIndex() {
        return domainIndex();
      },
      roles: header.roles,
      values,
      canopyCount: header.canopyCount,
      domainCount: header.domainCount,
      validCount: header.validCount,
      canopyThreshold: header.canopyThreshold,
    },
    sourceWidth: header.sourceWidth,
    sourceHeight: header.sourceHeight,
    hd: header.hd,
    hdJpeg: body.subarray(jpegStart, jpegStart + header.jpegBytes),
    optionsKey: header.optionsKey,
  };
}

const SAFE_KEY = /^[A-Za-z0-9_.:-]+(\/[A-Za-z0-9_.:-]+)*$/;

export interface DiskCacheOptions {
  /**
   * Read every entry into one buffer, kept and reused: an entry is then valid only until the next
   * `get`. For a caller that runs one step at a time and keeps nothing of an entry past its step
   * (an analysis thread). A Seneca photo's entry is ~50 MB, and a fresh buffer per read counted as
   * external memory towards V8's next full garbage collection.
   */
  reuseReadBuffer?: boolean;
}

/**
 * A cache in a local directory, one file per key, holding at most `maxBytes` written by this
 * process. When full it keeps what it has and takes nothing new (phase 2 reads the units in the
 * order phase 1 wrote them, so evicting the oldest would evict exactly what is needed next).
 */
export function createDiskAnalysisCache(
  directory: string,
  maxBytes: number,
  options: DiskCacheOptions = {},
): AnalysisCache {
  let used = 0;
  let readBuffer: Buffer | null = null;
  const readEntry = async (file: string): Promise<Buffer> => {
    if (!options.reuseReadBuffer) return readFile(file);
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      // A quarter of headroom, so that slightly larger entries do not each grow it again. Its own
      // allocation (not pooled): the typed views of decodeAnalysis need no copy.
      if (!readBuffer || readBuffer.length < size)
        readBuffer = Buffer.allocUnsafeSlow(Math.ceil(size * 1.25));
      const target = readBuffer.subarray(0, size);
      for (let read = 0; read < size; ) {
        const { bytesRead } = await handle.read(target, read, size - read, read);
        if (bytesRead === 0) throw new Error(`${file} ended early`);
        read += bytesRead;
      }
      return target;
    } finally {
      await handle.close();
    }
  };
  const sizes = new Map<string, number>();
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe cache key ${key}`);
    return join(directory, `${key}.bin`);
  };
  return {
    async get(key) {
      try {
        return decodeAnalysis(await readEntry(fileOf(key)));
      } catch {
        return null;
      }
    },
    async set(key, entry) {
      const chunks = encodeAnalysis(entry);
      const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      if (used + length > maxBytes) return;
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        // One gathered write; writev may write less than asked, so the rest follows.
        let written = (await handle.writev(chunks)).bytesWritten;
        if (written < length) {
          const all = Buffer.concat(chunks);
          while (written < length) written += (await handle.write(all, written)).bytesWritten;
        }
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
      used += length - (sizes.get(key) ?? 0);
      sizes.set(key, length);
    },
    async delete(key) {
      const file = fileOf(key);
      const size = sizes.get(key) ?? (await stat(file).catch(() => null))?.size ?? 0;
      await rm(file, { force: true });
      if (sizes.delete(key)) used -= size;
    },
    async clear(prefix) {
      await rm(join(directory, prefix), { recursive: true, force: true });
      for (const [key, size] of sizes) {
        if (key.startsWith(`${prefix}/`)) {
          sizes.delete(key);
          used -= size;
        }
      }
    },
  };
}
