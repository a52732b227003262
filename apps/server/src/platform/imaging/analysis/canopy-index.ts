import type { CapturePlanes } from '../capture/load-capture.ts';
import { LIGHT_BINS, type RgbLight } from './rgb-canopy.ts';
import { round } from './round.ts';
import { scratchFloat32, scratchInt32 } from './scratch.ts';

/**
 * The per-pixel passes before the canopy cut (plant-fields.ts): the canopy index and the light of
 * every pixel, then the histograms its thresholds come from. RGB and NIR captures each have their
 * own loop: one loop branching on the kind per pixel was compiled for both.
 */

/** sRGB-encoded 0–1 value → linear light, by a 4096-entry table (8- and 16-bit photos are encoded). */
const LINEAR_OF_ENCODED = Float32Array.from({ length: 4097 }, (_, k) => {
  const v = k / 4096;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});

function linear(value: number): number {
  const k = round(value * 4096);
  return LINEAR_OF_ENCODED[Math.min(Math.max(k, 0), 4096)] as number;
}

/**
 * In-place separable box mean of radius `r` (edges clamped). The vertical pass goes row by row with
 * a running sum per column, reading rows in memory order (a walk down each column touched a new
 * cache line at every pixel and was the slowest pass of an RGB photo); each column still adds and
 * subtracts the same values in the same order, so the result is the same to the bit.
 */
function boxMean(plane: Float32Array, width: number, height: number, r: number): void {
  if (r < 1) return;
  const span = 2 * r + 1;
  const line = scratchFloat32('boxMeanLine', width);
  for (let y = 0; y < height; y++) {
    const base = y * width;
    for (let x = 0; x < width; x++) line[x] = plane[base + x] as number;
    let sum = 0;
    for (let x = -r; x <= r; x++) sum += line[x < 0 ? 0 : x >= width ? width - 1 : x] as number;
    for (let x = 0; x < width; x++) {
      plane[base + x] = sum / span;
      const enter = x + r + 1;
      const leave = x - r;
      sum += (line[Math.min(enter, width - 1)] as number) - (line[Math.max(leave, 0)] as number);
    }
  }
  // The horizontal means, read while the plane is overwritten with the vertical ones.
  const rows = scratchFloat32('boxMeanRows', width * height);
  rows.set(plane.subarray(0, width * height));
  const sums = new Float64Array(width);
  for (let y = -r; y <= r; y++) {
    const base = (y < 0 ? 0 : y >= height ? height - 1 : y) * width;
    for (let x = 0; x < width; x++) sums[x] = (sums[x] as number) + (rows[base + x] as number);
  }
  for (let y = 0; y < height; y++) {
    const base = y * width;
    const enter = Math.min(y + r + 1, height - 1) * width;
    const leave = Math.max(y - r, 0) * width;
    for (let x = 0; x < width; x++) {
      plane[base + x] = (sums[x] as number) / span;
      sums[x] = (sums[x] as number) + ((rows[enter + x] as number) - (rows[leave + x] as number));
    }
  }
}

/** Histogram bin (of 512 over −1…1) of a canopy index value. */
function indexBin(index: number): number {
  const bin = Math.floor(((index + 1) / 2) * 512);
  return bin < 0 ? 0 : Math.min(bin, 511);
}

/**
 * RGB: green dominance on linear light (the canopy index), chroma, linear light and the weaker of
 * red and blue (rgb-canopy.ts), and the visible brightness; returns the valid count.
 */
function rgbIndexPass(
  planes: CapturePlanes,
  canopyIndex: Float32Array,
  chroma: Float32Array,
  rgbLight: RgbLight,
  brightness: Float32Array,
): number {
  const { red, green, valid } = planes;
  const n = planes.width * planes.height;
  // A missing band is never read (the branch below checks): any plane stands in for it.
  const blue = planes.blue ?? red;
  const hasBlue = planes.blue !== null;
  // Photos are sRGB-encoded; reflectance and band planes (a multispectral capture read as RGB) are
  // linear whatever their kind says.
  const encoded = planes.kind === 'rgb' && planes.radiometry !== 'reflectance';
  const { light, redBlueMin } = rgbLight;
  let validCount = 0;
  for (let i = 0; i < n; i++) {
    if (!valid[i]) continue;
    validCount++;
    const r = red[i] as number;
    const g = green[i] as number;
    const b = hasBlue ? (blue[i] as number) : 0;
    brightness[i] = (r + g + b) / 3;
    const lr = encoded ? linear(r) : r;
    const lg = encoded ? linear(g) : g;
    const lb = encoded ? linear(b) : b;
    const sum = lr + lg + lb;
    const high = Math.max(lr, lb);
    const max = Math.max(lg, high);
    const low = Math.min(lr, lb);
    const min = Math.min(lg, low);
    // Green dominance: vegetation reflects more green than red and blue, lit or shaded; soil is
    // redder, shade on soil bluer (sky light), grey surfaces neither.
    canopyIndex[i] = sum > 1e-6 ? (lg - high) / sum : 0;
    chroma[i] = sum > 1e-6 ? (max - min) / sum : 0;
    light[i] = sum / 3;
    redBlueMin[i] = low;
  }
  return validCount;
}

/**
 * NIR: NDVI (the canopy index) and the visible brightness; returns the valid count. The histogram is
 * counted after (`countIndex`): in this loop each count waited for the previous one to be stored,
 * and the loop took a quarter longer than the two loops apart (27.0 vs 21.6 ms a Seneca photo).
 */
function nirIndexPass(
  planes: CapturePlanes,
  nir: Float32Array,
  canopyIndex: Float32Array,
  brightness: Float32Array,
): number {
  const { red, green, valid } = planes;
  const n = planes.width * planes.height;
  const blue = planes.blue ?? red;
  const hasBlue = planes.blue !== null;
  let validCount = 0;
  for (let i = 0; i < n; i++) {
    if (!valid[i]) continue;
    validCount++;
    const r = red[i] as number;
    const near = nir[i] as number;
    canopyIndex[i] = near + r > 1e-6 ? (near - r) / (near + r) : 0;
    // Visible brightness: shadows are dark in the visible bands while NIR stays lit by scattering.
    brightness[i] = hasBlue
      ? (r + (green[i] as number) + (blue[i] as number)) / 3
      : (r + (green[i] as number)) / 2;
  }
  return validCount;
}

/**
 * Histogram of the canopy index over the valid pixels (as stored, float32; after the RGB index was
 * smoothed), counted in integers and added to `histogram`.
 */
function countIndex(valid: Uint8Array, canopyIndex: Float32Array, n: number, histogram: Float64Array): void {
  const counts = scratchInt32('indexCounts', histogram.length, true);
  for (let i = 0; i < n; i++) {
    if (!valid[i]) continue;
    const bin = indexBin(canopyIndex[i] as number);
    counts[bin] = (counts[bin] as number) + 1;
  }
  addCounts(histogram, counts);
}

/**
 * Canopy index (green dominance on RGB, NDVI with NIR), RGB chroma and linear light (rgb-canopy.ts),
 * visible brightness and the index histogram; returns the valid count.
 */
export function indexPass(
  planes: CapturePlanes,
  rgb: boolean,
  smoothing: number,
  canopyIndex: Float32Array,
  chroma: Float32Array,
  rgbLight: RgbLight | null,
  brightness: Float32Array,
  histogram: Float64Array,
): number {
  const { width, height, nir } = planes;
  if (!rgb && nir) {
    const validCount = nirIndexPass(planes, nir, canopyIndex, brightness);
    countIndex(planes.valid, canopyIndex, width * height, histogram);
    return validCount;
  }
  const validCount = rgbIndexPass(planes, canopyIndex, chroma, rgbLight as RgbLight, brightness);
  if (smoothing > 0) {
    boxMean(canopyIndex, width, height, smoothing);
    boxMean(chroma, width, height, smoothing);
  }
  countIndex(planes.valid, canopyIndex, width * height, histogram);
  return validCount;
}

/**
 * In one pass over the valid pixels, the brightness histogram of the non-canopy pixels (the soil,
 * 256 bins of 1/170) and their linear light into `lightHistogram` (RGB; see rgb-canopy.ts), and
 * the NIR histogram of the pixels above the threshold (1024 bins over 0–1; with NIR).
 */
export function soilAndCanopyLight(
  valid: Uint8Array,
  canopyIndex: Float32Array,
  brightness: Float32Array,
  threshold: number,
  light: Float32Array | null,
  lightHistogram: Float64Array,
  nir: Float32Array | null,
): { soil: Float64Array; canopyNir: Float64Array } {
  const soil = new Float64Array(256);
  const canopyNir = new Float64Array(1024);
  if (light) soilLight(valid, canopyIndex, brightness, threshold, light, soil, lightHistogram);
  // RGB planes that carry NIR all the same (the canopy was cut on RGB) still get its histogram.
  if (!light || nir)
    soilAndNir(valid, canopyIndex, brightness, threshold, nir, light ? null : soil, canopyNir);
  return { soil, canopyNir };
}

function soilLight(
  valid: Uint8Array,
  canopyIndex: Float32Array,
  brightness: Float32Array,
  threshold: number,
  light: Float32Array,
  soil: Float64Array,
  lightHistogram: Float64Array,
): void {
  const soilCounts = scratchInt32('soilCounts', soil.length, true);
  const lightCounts = scratchInt32('lightCounts', lightHistogram.length, true);
  for (let i = 0; i < valid.length; i++) {
    if (!valid[i] || (canopyIndex[i] as number) > threshold) continue;
    const bin = Math.min(255, Math.floor((brightness[i] as number) * 170));
    soilCounts[bin] = (soilCounts[bin] as number) + 1;
    // The light bin of `LIGHT_BINS` (rgb-canopy.ts).
    const lightBin = Math.floor((light[i] as number) * LIGHT_BINS);
    const at = lightBin < 0 ? 0 : lightBin >= LIGHT_BINS ? LIGHT_BINS - 1 : lightBin;
    lightCounts[at] = (lightCounts[at] as number) + 1;
  }
  addCounts(soil, soilCounts);
  addCounts(lightHistogram, lightCounts);
}

/** The soil's brightness (unless `soil` is null: counted already) and the canopy's NIR. */
function soilAndNir(
  valid: Uint8Array,
  canopyIndex: Float32Array,
  brightness: Float32Array,
  threshold: number,
  nir: Float32Array | null,
  soil: Float64Array | null,
  canopyNir: Float64Array,
): void {
  const soilCounts = scratchInt32('soilCounts', 256, true);
  const nirCounts = scratchInt32('canopyNirCounts', canopyNir.length, true);
  for (let i = 0; i < valid.length; i++) {
    if (!valid[i]) continue;
    if ((canopyIndex[i] as number) > threshold) {
      if (!nir) continue;
      const bin = Math.floor((nir[i] as number) * 1024);
      const at = bin < 0 ? 0 : Math.min(bin, 1023);
      nirCounts[at] = (nirCounts[at] as number) + 1;
    } else if (soil) {
      const bin = Math.min(255, Math.floor((brightness[i] as number) * 170));
      soilCounts[bin] = (soilCounts[bin] as number) + 1;
    }
  }
  if (soil) addCounts(soil, soilCounts);
  addCounts(canopyNir, nirCounts);
}

/**
 * Adds integer counts into a histogram. The per-pixel loops count in integers: each count waits for
 * the previous store to the same bin, and an integer add is shorter than a float one.
 */
function addCounts(histogram: Float64Array, counts: Int32Array): void {
  for (let bin = 0; bin < histogram.length; bin++)
    histogram[bin] = (histogram[bin] as number) + (counts[bin] as number);
}
