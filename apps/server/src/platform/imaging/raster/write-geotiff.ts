import { open } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { GeoTransform } from '../types.ts';

export type SampleType = 'uint8' | 'uint16' | 'float32';

export interface GeoTiffWriteOptions {
  width: number;
  height: number;
  bands: number;
  sampleType: SampleType;
  /** Only north-up transforms (gt[2] = gt[4] = 0) are written, as scale + tie point. */
  geoTransform: GeoTransform;
  epsg: number;
  /** GDAL band descriptions, e.g. ["Red", "Green", "Blue", "NIR"]. */
  bandDescriptions?: string[];
  noData?: number;
  /** Marks the last band as alpha (ExtraSamples = unassociated alpha). */
  alpha?: boolean;
  tileSize?: number;
  compression?: 'none' | 'deflate';
  /** Pixel-interleaved samples of the window (length w*h*bands). Called tile by tile, row-major. */
  renderWindow(x: number, y: number, w: number, h: number): Uint8Array | Uint16Array | Float32Array;
}

const BYTES: Record<SampleType, number> = { uint8: 1, uint16: 2, float32: 4 };
const SHORT = 3;
const LONG = 4;
const DOUBLE = 12;
const ASCII = 2;

interface Entry {
  tag: number;
  type: number;
  values: number[] | string;
}

/**
 * Streams a tiled GeoTIFF to disk tile by tile (memory: one tile), so a 20,000 × 20,000 test
 * raster needs no more than a few hundred kilobytes. Classic TIFF: the file must stay under 4 GiB.
 */
export async function writeGeoTiff(filePath: string, options: GeoTiffWriteOptions): Promise<void> {
  const tile = options.tileSize ?? 256;
  const { width, height, bands } = options;
  const bytesPerSample = BYTES[options.sampleType];
  const tilesAcross = Math.ceil(width / tile);
  const tilesDown = Math.ceil(height / tile);
  const offsets: number[] = [];
  const counts: number[] = [];
  const handle = await open(filePath, 'w');
  try {
    let position = 8;
    await handle.write(Buffer.alloc(8), 0, 8, 0);
    const tileBytes = tile * tile * bands * bytesPerSample;
    for (let ty = 0; ty < tilesDown; ty++) {
      for (let tx = 0; tx < tilesAcross; tx++) {
        const x = tx * tile;
        const y = ty * tile;
        const w = Math.min(tile, width - x);
        const h = Math.min(tile, height - y);
        const samples = options.renderWindow(x, y, w, h);
        const padded = Buffer.alloc(tileBytes);
        const source = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
        const rowBytes = w * bands * bytesPerSample;
        for (let row = 0; row < h; row++) {
          source.copy(padded, row * tile * bands * bytesPerSample, row * rowBytes, (row + 1) * rowBytes);
        }
        const data = options.compression === 'deflate' ? deflateSync(padded, { level: 6 }) : padded;
        offsets.push(position);
        counts.push(data.length);
        await handle.write(data, 0, data.length, position);
        position += data.length;
        if (position >= 2 ** 32) throw new Error('GeoTIFF larger than 4 GiB: BigTIFF is not supported here');
      }
    }
    if (position % 2) position += 1;
    const ifd = buildIfd(options, tile, offsets, counts, position);
    await handle.write(ifd, 0, ifd.length, position);
    const header = Buffer.alloc(8);
    header.write('II', 0, 'latin1');
    header.writeUInt16LE(42, 2);
    header.writeUInt32LE(position, 4);
    await handle.write(header, 0, 8, 0);
  } finally {
    await handle.close();
  }
}

function buildIfd(
  options: GeoTiffWriteOptions,
  tile: number,
  offsets: number[],
  counts: number[],
  at: number,
) {
  const { bands, geoTransform: gt } = options;
  if (gt[2] !== 0 || gt[4] !== 0) throw new Error('Only north-up geotransforms are supported');
  const rgb = options.sampleType === 'uint8' && bands >= 3;
  const extra = bands - (rgb ? 3 : 1);
  const extraSamples = Array.from({ length: extra }, (_, i) => (options.alpha && i === extra - 1 ? 2 : 0));
  const geographic = options.epsg === 4326;
  const geoKeys = [
    1,
    1,
    0,
    3,
    1024,
    0,
    1,
    geographic ? 2 : 1,
    1025,
    0,
    1,
    1,
    geographic ? 2048 : 3072,
    0,
    1,
    options.epsg,
  ];
  const entries: Entry[] = [
    { tag: 256, type: LONG, values: [options.width] },
    { tag: 257, type: LONG, values: [options.height] },
    { tag: 258, type: SHORT, values: Array(bands).fill(BYTES[options.sampleType] * 8) },
    { tag: 259, type: SHORT, values: [options.compression === 'deflate' ? 8 : 1] },
    { tag: 262, type: SHORT, values: [rgb ? 2 : 1] },
    { tag: 277, type: SHORT, values: [bands] },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 322, type: LONG, values: [tile] },
    { tag: 323, type: LONG, values: [tile] },
    { tag: 324, type: LONG, values: offsets },
    { tag: 325, type: LONG, values: counts },
    { tag: 339, type: SHORT, values: Array(bands).fill(options.sampleType === 'float32' ? 3 : 1) },
    { tag: 33550, type: DOUBLE, values: [gt[1], -gt[5], 0] },
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, gt[0], gt[3], 0] },
    { tag: 34735, type: SHORT, values: geoKeys },
  ];
  if (extra > 0) entries.push({ tag: 338, type: SHORT, values: extraSamples });
  if (options.bandDescriptions?.length) {
    const items = options.bandDescriptions
      .map((name, band) => `<Item name="DESCRIPTION" sample="${band}" role="description">${name}</Item>`)
      .join('');
    entries.push({ tag: 42112, type: ASCII, values: `<GDALMetadata>${items}</GDALMetadata>` });
  }
  if (options.noData !== undefined) entries.push({ tag: 42113, type: ASCII, values: String(options.noData) });
  entries.sort((a, b) => a.tag - b.tag);
  return encodeIfd(entries, at);
}

function valueBytes(entry: Entry): Buffer {
  if (typeof entry.values === 'string') return Buffer.from(`${entry.values}\0`, 'latin1');
  const size = entry.type === SHORT ? 2 : entry.type === LONG ? 4 : 8;
  const buffer = Buffer.alloc(entry.values.length * size);
  entry.values.forEach((value, i) => {
    if (entry.type === SHORT) buffer.writeUInt16LE(value, i * 2);
    else if (entry.type === LONG) buffer.writeUInt32LE(value, i * 4);
    else buffer.writeDoubleLE(value, i * 8);
  });
  return buffer;
}

function encodeIfd(entries: Entry[], at: number): Buffer {
  const tableSize = 2 + entries.length * 12 + 4;
  const table = Buffer.alloc(tableSize);
  const overflow: Buffer[] = [];
  let overflowAt = at + tableSize;
  table.writeUInt16LE(entries.length, 0);
  entries.forEach((entry, i) => {
    const bytes = valueBytes(entry);
    const base = 2 + i * 12;
    table.writeUInt16LE(entry.tag, base);
    table.writeUInt16LE(entry.type, base + 2);
    table.writeUInt32LE(typeof entry.values === 'string' ? bytes.length : entry.values.length, base + 4);
    if (bytes.length <= 4) {
      bytes.copy(table, base + 8);
    } else {
      table.writeUInt32LE(overflowAt, base + 8);
      const padded = bytes.length % 2 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes;
      overflow.push(padded);
      overflowAt += padded.length;
    }
  });
  return Buffer.concat([table, ...overflow]);
}
