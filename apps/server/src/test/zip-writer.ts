import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One entry of a test zip: bytes (stored or deflated), or `zeros` bytes of zeros streamed through deflate. */
export interface TestZipEntry {
  name: string;
  data?: Buffer;
  zeros?: number;
  deflate?: boolean;
  /** Unix mode in the external attributes, e.g. 0o120777 for a symbolic link. */
  unixMode?: number;
  /** Sizes written instead of the true ones (hostile archives); the bytes stay the true ones. */
  lie?: ZipSizeLie;
  /** Flips bytes in the middle of the compressed data (a damaged download). */
  corruptData?: boolean;
  /** The central record points at this earlier entry's local header (overlapping entries). */
  overlapWith?: number;
  /** Writes 0xFFFFFFFF sizes and a zip64 extra field declaring these sizes in the central record. */
  zip64?: { size: number; compressedSize: number };
}

export interface ZipSizeLie {
  localSize?: number;
  localCompressedSize?: number;
  centralSize?: number;
  centralCompressedSize?: number;
}

interface Packed {
  name: Buffer;
  method: number;
  crc: number;
  compressed: Buffer;
  size: number;
  unixMode: number;
  entry: TestZipEntry;
}

async function deflateZeros(total: number): Promise<{ compressed: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(Math.min(total, 8 * 1024 * 1024));
  let crc = 0;
  for (let written = 0; written < total; written += block.length) {
    const part = block.subarray(0, Math.min(block.length, total - written));
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { compressed: Buffer.concat(chunks), crc };
}

/**
 * A zip written byte by byte, so tests can build what ordinary tools refuse to (`../evil`, symbolic
 * links, a gigabyte of zeros) without holding the expanded bytes in memory.
 */
export async function buildZip(entries: TestZipEntry[]): Promise<Buffer> {
  const packed: Packed[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const unixMode = entry.unixMode ?? 0o100644;
    if (entry.zeros !== undefined) {
      const { compressed, crc } = await deflateZeros(entry.zeros);
      packed.push({ name, method: 8, crc, compressed, size: entry.zeros, unixMode, entry });
      continue;
    }
    const data = entry.data ?? Buffer.alloc(0);
    const deflate = entry.deflate ?? false;
    packed.push({
      name,
      method: deflate ? 8 : 0,
      crc: crc32(data),
      compressed: deflate ? deflateRawSync(data) : data,
      size: data.length,
      unixMode,
      entry,
    });
  }
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const offsets: number[] = [];
  for (const item of packed) {
    const lie = item.entry.lie ?? {};
    if (item.entry.corruptData && item.compressed.length > 0) {
      item.compressed = Buffer.from(item.compressed);
      const middle = Math.floor(item.compressed.length / 2);
      for (let i = middle; i < Math.min(item.compressed.length, middle + 64); i++) {
        item.compressed[i] = (item.compressed[i] as number) ^ 0xa5;
      }
      item.compressed[0] = 0xff; // an invalid block type straight away
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(item.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(item.crc >>> 0, 14);
    local.writeUInt32LE(lie.localCompressedSize ?? item.compressed.length, 18);
    local.writeUInt32LE(lie.localSize ?? item.size, 22);
    local.writeUInt16LE(item.name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, item.name, item.compressed);
    offsets.push(offset);
    const zip64 = item.entry.zip64;
    const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(zip64.size), 4);
      extra.writeBigUInt64LE(BigInt(zip64.compressedSize), 12);
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(item.method, 10);
    header.writeUInt16LE(0, 12);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(item.crc >>> 0, 16);
    header.writeUInt32LE(zip64 ? 0xffffffff : (lie.centralCompressedSize ?? item.compressed.length), 20);
    header.writeUInt32LE(zip64 ? 0xffffffff : (lie.centralSize ?? item.size), 24);
    header.writeUInt16LE(item.name.length, 28);
    header.writeUInt16LE(extra.length, 30);
    header.writeUInt32LE((item.unixMode << 16) >>> 0, 38);
    const overlap = item.entry.overlapWith;
    header.writeUInt32LE(overlap !== undefined ? (offsets[overlap] ?? 0) : offset, 42);
    central.push(header, item.name, extra);
    offset += local.length + item.name.length + item.compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(packed.length, 8);
  end.writeUInt16LE(packed.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
