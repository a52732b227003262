import sharp from 'sharp';
import type { BitMask } from '../../apps/server/src/platform/imaging/analysis/bit-mask.ts';
import { computePlantFields } from '../../apps/server/src/platform/imaging/analysis/plant-fields.ts';
import {
  type CapturePlanes,
  loadCapture,
} from '../../apps/server/src/platform/imaging/capture/load-capture.ts';
import type { PhotoInput } from '../../apps/server/src/platform/imaging/index.ts';

/** A binary mask on a pixel grid. */
export interface Mask {
  width: number;
  height: number;
  /** 1 canopy, 0 not, 255 invalid (not covered by every band). */
  values: Uint8Array;
  threshold: number;
}

/** Otsu's threshold (Otsu 1979) of values in [min, max], 512 bins; written here, not the engine's. */
export function otsu(values: Float32Array, valid: (i: number) => boolean, min: number, max: number): number {
  const bins = new Float64Array(512);
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    if (!valid(i)) continue;
    const v = values[i] as number;
    const bin = Math.max(0, Math.min(511, Math.floor(((v - min) / (max - min)) * 512)));
    bins[bin] = (bins[bin] as number) + 1;
    total++;
  }
  let sumAll = 0;
  for (let b = 0; b < 512; b++) sumAll += b * (bins[b] as number);
  let weightBelow = 0;
  let sumBelow = 0;
  let best = 0;
  let bestVariance = -1;
  for (let b = 0; b < 512; b++) {
    weightBelow += bins[b] as number;
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += b * (bins[b] as number);
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sumAll - sumBelow) / weightAbove;
    const variance = weightBelow * weightAbove * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = b;
    }
  }
  return min + ((best + 1) / 512) * (max - min);
}

function normalisedDifference(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const sum = (a[i] as number) + (b[i] as number);
    out[i] = sum > 1e-6 ? ((a[i] as number) - (b[i] as number)) / sum : 0;
  }
  return out;
}

/**
 * NDVI reference of a multispectral capture: the bands converted to reflectance (DLS) and
 * registered onto the green band (the engine's loader), NDVI thresholded by this file's own Otsu.
 */
export async function ndviReference(
  input: PhotoInput,
): Promise<{ mask: Mask; planes: CapturePlanes; ndvi: Float32Array }> {
  const planes = await loadCapture(input, 4096);
  if (!planes.nir) throw new Error('NDVI reference needs a NIR band');
  const ndvi = normalisedDifference(planes.nir, planes.red);
  const threshold = otsu(ndvi, (i) => planes.valid[i] === 1, -1, 1);
  const values = new Uint8Array(ndvi.length);
  for (let i = 0; i < ndvi.length; i++)
    values[i] = planes.valid[i] ? ((ndvi[i] as number) > threshold ? 1 : 0) : 255;
  return { mask: { width: planes.width, height: planes.height, values, threshold }, planes, ndvi };
}

/**
 * Canopy share of a single-sensor photo from a normalised difference of two of its channels
 * (e.g. NIR in channel 0 and the visible band in channel 2 for an NGB filter), Otsu-thresholded.
 */
export async function channelIndexCanopy(
  path: string,
  nir: number,
  visible: number,
): Promise<{ share: number; threshold: number }> {
  const { data, info } = await sharp(path)
    .resize(900)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = data[i * info.channels + nir] as number;
    b[i] = data[i * info.channels + visible] as number;
  }
  const index = normalisedDifference(a, b);
  const threshold = otsu(index, () => true, -1, 1);
  let canopy = 0;
  for (let i = 0; i < n; i++) if ((index[i] as number) > threshold) canopy++;
  return { share: canopy / n, threshold };
}

/**
 * The engine's canopy mask of planes: `fields.canopy` when the engine exposes one, else its plant
 * outline (`fields.domain`). Returns which one it used.
 */
export function engineCanopy(
  planes: CapturePlanes,
  gsdM: number | null,
): { mask: Uint8Array; source: string } {
  const fields = computePlantFields(planes, gsdM) as unknown as Record<string, unknown>;
  const source = fields.canopy ? 'canopy' : 'domain';
  const bits = (fields.canopy ?? fields.domain) as BitMask;
  const { width, height } = planes;
  const perRow = bits.stride;
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      mask[y * width + x] = ((bits.words[y * perRow + (x >>> 5)] as number) >>> (x & 31)) & 1;
  return { mask, source };
}

/** Pixel agreement of two masks over the valid pixels, and the canopy class's IoU. */
export function agreement(engine: Uint8Array, reference: Mask) {
  let valid = 0;
  let same = 0;
  let both = 0;
  let either = 0;
  for (let i = 0; i < engine.length; i++) {
    const r = reference.values[i] as number;
    if (r === 255) continue;
    valid++;
    const e = engine[i] as number;
    if (e === r) same++;
    if (e && r) both++;
    if (e || r) either++;
  }
  return { accuracy: valid ? same / valid : 0, canopyIoU: either ? both / either : 0 };
}
