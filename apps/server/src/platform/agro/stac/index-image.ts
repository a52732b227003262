import { colourAt, INDEX_PALETTES, SATELLITE_INDICES, type SatelliteIndex } from '@ampelos/domain';
import sharp from 'sharp';
import { insideRing, pixelIndices } from './field-stats.ts';
import type { SceneBands } from './sentinel2.ts';

/** Output pixels of about 10 m (Sentinel-2's own), at most this many on the longer side. */
const MAX_SIDE = 256;
const METRES_PER_DEGREE = 111_320;

/**
 * A field's indices on a north-up WGS84 grid over its bounding box (what the map drapes over the
 * field): NaN outside the field, under cloud and where no index is trusted.
 */
export interface IndexGrid {
  width: number;
  height: number;
  /** West, south, east, north. */
  bbox: [number, number, number, number];
  values: Record<SatelliteIndex, Float32Array>;
}

/** The grid's size for a ring: ~10 m pixels, the longer side capped. */
export function gridShape(ring: readonly [number, number][]) {
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const bbox: [number, number, number, number] = [
    Math.min(...lngs),
    Math.min(...lats),
    Math.max(...lngs),
    Math.max(...lats),
  ];
  const midLat = (bbox[1] + bbox[3]) / 2;
  const widthM = (bbox[2] - bbox[0]) * METRES_PER_DEGREE * Math.cos((midLat * Math.PI) / 180);
  const heightM = (bbox[3] - bbox[1]) * METRES_PER_DEGREE;
  const scale = Math.min(1, MAX_SIDE / Math.max(widthM / 10, heightM / 10, 1));
  return {
    bbox,
    width: Math.max(1, Math.round((widthM / 10) * scale)),
    height: Math.max(1, Math.round((heightM / 10) * scale)),
  };
}

const emptyValues = (size: number) =>
  Object.fromEntries(
    SATELLITE_INDICES.map((index) => [index, new Float32Array(size).fill(Number.NaN)]),
  ) as Record<SatelliteIndex, Float32Array>;

/** Samples a scene's bands at the centre of each output pixel inside the field. */
export function fieldIndexGrid(bands: SceneBands, ring: readonly [number, number][]): IndexGrid {
  const { bbox, width, height } = gridShape(ring);
  const values = emptyValues(width * height);
  const lngStep = (bbox[2] - bbox[0]) / width;
  const latStep = (bbox[3] - bbox[1]) / height;
  const wgsRing = ring as [number, number][];
  for (let row = 0; row < height; row++) {
    const lat = bbox[3] - (row + 0.5) * latStep;
    for (let col = 0; col < width; col++) {
      const lng = bbox[0] + (col + 0.5) * lngStep;
      if (!insideRing(lng, lat, wgsRing)) continue;
      const [x, y] = bands.toCrs(lng, lat);
      const pixel = pixelIndices(bands, x, y);
      if (typeof pixel === 'string') continue;
      for (const index of SATELLITE_INDICES) {
        const value = pixel[index];
        if (value !== null && Number.isFinite(value)) values[index][row * width + col] = value;
      }
    }
  }
  return { width, height, bbox, values };
}

/** Two scenes of one acquisition (overlapping tiles): each pixel from the first that has it. */
export function mergeGrids(first: IndexGrid, second: IndexGrid): IndexGrid {
  const values = emptyValues(first.width * first.height);
  for (const index of SATELLITE_INDICES)
    for (let i = 0; i < values[index].length; i++) {
      const a = first.values[index][i] as number;
      values[index][i] = Number.isNaN(a) ? (second.values[index][i] as number) : a;
    }
  return { ...first, values };
}

/** Stored form: a JSON header line, then the three Float32 arrays (little-endian) in index order. */
export function encodeGrid(grid: IndexGrid): Buffer {
  const header = Buffer.from(
    `${JSON.stringify({ width: grid.width, height: grid.height, bbox: grid.bbox })}\n`,
  );
  const arrays = SATELLITE_INDICES.map((index) => Buffer.from(grid.values[index].buffer));
  return Buffer.concat([header, ...arrays]);
}

export function decodeGrid(buffer: Buffer): IndexGrid | null {
  const newline = buffer.indexOf(10);
  if (newline < 0) return null;
  const { width, height, bbox } = JSON.parse(buffer.subarray(0, newline).toString('utf8'));
  const size = width * height;
  if (buffer.length !== newline + 1 + SATELLITE_INDICES.length * size * 4) return null;
  const values = emptyValues(size);
  SATELLITE_INDICES.forEach((index, k) => {
    const start = newline + 1 + k * size * 4;
    values[index] = new Float32Array(
      buffer.buffer.slice(buffer.byteOffset + start, buffer.byteOffset + start + size * 4),
    );
  });
  return { width, height, bbox, values };
}

async function png(
  values: Float32Array,
  width: number,
  height: number,
  palette: keyof typeof INDEX_PALETTES,
) {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (Number.isNaN(value)) continue;
    const [r, g, b] = colourAt(INDEX_PALETTES[palette], value);
    rgba[i * 4] = r;
    rgba[i * 4 + 1] = g;
    rgba[i * 4 + 2] = b;
    rgba[i * 4 + 3] = 255;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The index over the field in its palette; transparent where there is no value. */
export const indexPng = (grid: IndexGrid, index: SatelliteIndex) =>
  png(grid.values[index], grid.width, grid.height, index);

/**
 * The change of an index between two dates (after − before), pixel by pixel, on the diverging scale,
 * and its mean over the pixels both dates have. Grids of one outline share their shape.
 */
export async function changePng(before: IndexGrid, after: IndexGrid, index: SatelliteIndex) {
  const diff = new Float32Array(after.width * after.height).fill(Number.NaN);
  let sum = 0;
  let count = 0;
  if (before.width === after.width && before.height === after.height)
    for (let i = 0; i < diff.length; i++) {
      const value = (after.values[index][i] as number) - (before.values[index][i] as number);
      if (Number.isNaN(value)) continue;
      diff[i] = value;
      sum += value;
      count += 1;
    }
  return {
    png: await png(diff, after.width, after.height, 'change'),
    meanChange: count === 0 ? null : Math.round((sum / count) * 1e4) / 1e4,
    pixels: count,
  };
}
