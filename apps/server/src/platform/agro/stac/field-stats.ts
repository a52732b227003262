import type { IndexStats, SatelliteIndex } from '@ampelos/domain';
import { type BandGrid, sampleAt } from './cog-window.ts';

/**
 * Sentinel-2 scene classification (SCL) classes: 0 no data, 1 saturated or defective, 2 dark area or
 * cast shadow, 3 cloud shadow, 4 vegetation, 5 bare soil, 6 water, 7 unclassified, 8 cloud (medium
 * probability), 9 cloud (high probability), 10 thin cirrus, 11 snow or ice.
 */
const SCL_NO_DATA = new Set([0]);
/** Counted as cloud cover over the field. */
const SCL_CLOUD = new Set([3, 8, 9, 10]);
/** Data, but no index is trusted there (saturation, shadow, snow). */
const SCL_UNUSABLE = new Set([1, 2, 11]);

export interface ReflectanceBand {
  grid: BandGrid;
  scale: number;
  offset: number;
  noData: number | null;
}

export interface FieldSceneInput {
  /** The field's ring in the scene's CRS. */
  ring: [number, number][];
  /** The 10 m grid the field is sampled on. */
  red: ReflectanceBand;
  nir: ReflectanceBand;
  /** SWIR 1.6 µm (B11, 20 m): NDWI. */
  swir16: ReflectanceBand;
  /** Scene classification (20 m). */
  scl: BandGrid;
}

export interface FieldSceneStats {
  /** Pixels of the 10 m grid whose centre is inside the field. */
  pixels: number;
  /** Field pixels with data, %. */
  dc: number;
  /** Cloud and cloud shadow among the field pixels with data, %. */
  cl: number;
  indices: Partial<Record<SatelliteIndex, IndexStats>>;
}

/** Ray casting: is the point inside the ring (closed or not)? */
export function insideRing(x: number, y: number, ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Running min, max and sum of one index. */
function accumulator() {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  return {
    add(value: number) {
      if (!Number.isFinite(value)) return;
      if (value < min) min = value;
      if (value > max) max = value;
      sum += value;
      count += 1;
    },
    result(): IndexStats | null {
      if (count === 0) return null;
      return { min: round(min, 4), max: round(max, 4), mean: round(sum / count, 4) };
    },
  };
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

function reflectance(band: ReflectanceBand, value: number | null): number | null {
  if (value === null || value === band.noData) return null;
  return value * band.scale + band.offset;
}

export type PixelIndices = Record<SatelliteIndex, number | null>;

/**
 * The indices at a position of the scene's CRS (the 10 m bands' pixel there, the 20 m bands sampled
 * at it): 'no-data' outside the data, 'cloud' under cloud or its shadow, 'unusable' where no index
 * is trusted (saturated, dark or cast shadow, snow, negative reflectance).
 */
export function pixelIndices(
  input: Omit<FieldSceneInput, 'ring'>,
  x: number,
  y: number,
): PixelIndices | 'no-data' | 'cloud' | 'unusable' {
  const { red, nir, swir16, scl } = input;
  const sclClass = sampleAt(scl, x, y);
  const r = reflectance(red, sampleAt(red.grid, x, y));
  const n = reflectance(nir, sampleAt(nir.grid, x, y));
  if (sclClass === null || SCL_NO_DATA.has(sclClass) || r === null || n === null) return 'no-data';
  if (SCL_CLOUD.has(sclClass)) return 'cloud';
  if (SCL_UNUSABLE.has(sclClass) || r < 0 || n < 0) return 'unusable';
  const s = reflectance(swir16, sampleAt(swir16.grid, x, y));
  const vegetation = n + r > 0;
  return {
    ndvi: vegetation ? (n - r) / (n + r) : null,
    evi2: vegetation ? (2.5 * (n - r)) / (n + 2.4 * r + 1) : null,
    ndwi: s !== null && s >= 0 && n + s > 0 ? (n - s) / (n + s) : null,
  };
}

/**
 * NDVI, EVI2 and NDWI over the pixels of the field (10 m grid, pixel centre inside the polygon),
 * leaving out no-data, cloud, cloud shadow, dark/cast shadow, saturated and snow pixels:
 *
 * - NDVI = (NIR − Red) / (NIR + Red)
 * - EVI2 = 2.5 × (NIR − Red) / (NIR + 2.4 × Red + 1) (Jiang et al. 2008, EVI without the blue band)
 * - NDWI = (NIR − SWIR1) / (NIR + SWIR1) (Gao 1996: water in the canopy, B08 and B11), not McFeeters'
 *   green/NIR index of open water
 *
 * Negative reflectances (possible after the L2A offset on very dark pixels) are not used.
 */
export function fieldSceneStats(input: FieldSceneInput): FieldSceneStats {
  const { ring } = input;
  const grid = input.red.grid;
  const indices = { ndvi: accumulator(), evi2: accumulator(), ndwi: accumulator() };
  let pixels = 0;
  let withData = 0;
  let cloudy = 0;
  for (let row = 0; row < grid.height; row++) {
    const y = grid.originY + (grid.row0 + row + 0.5) * grid.resY;
    for (let col = 0; col < grid.width; col++) {
      const x = grid.originX + (grid.col0 + col + 0.5) * grid.resX;
      if (!insideRing(x, y, ring)) continue;
      pixels += 1;
      const pixel = pixelIndices(input, x, y);
      if (pixel === 'no-data') continue;
      withData += 1;
      if (pixel === 'cloud') {
        cloudy += 1;
        continue;
      }
      if (pixel === 'unusable') continue;
      if (pixel.ndvi !== null) indices.ndvi.add(pixel.ndvi);
      if (pixel.evi2 !== null) indices.evi2.add(pixel.evi2);
      if (pixel.ndwi !== null) indices.ndwi.add(pixel.ndwi);
    }
  }
  const result: FieldSceneStats['indices'] = {};
  for (const [name, values] of Object.entries(indices)) {
    const stats = values.result();
    if (stats) result[name as SatelliteIndex] = stats;
  }
  return {
    pixels,
    dc: pixels === 0 ? 0 : round((withData / pixels) * 100, 2),
    cl: withData === 0 ? 0 : round((cloudy / withData) * 100, 2),
    indices: result,
  };
}
