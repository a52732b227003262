import type { CapturePlanes } from '../capture/load-capture.ts';
import type { IndicatorName, Measurement } from '../types.ts';
import {
  type BitMask,
  bitCount,
  closeBits,
  dilateBits,
  emptyMask,
  erodeBits,
  indicesOfBits,
  orBits,
} from './bit-mask.ts';
import { otsuThreshold } from './otsu.ts';
import { plantScaleValues } from './plant-scale.ts';
import { scratchFloat32 } from './scratch.ts';

/**
 * Canopy and plant-scale indicators of one capture at the working resolution.
 * - `canopy`: vegetation pixels (index above Otsu's threshold, not in shadow).
 * - `domain`: the plants' outline (canopy closed over small gaps), where indicators are defined
 *   (leaf-colour indicators are NaN where the window has no pure canopy pixel), packed.
 * - `values`: one value per domain pixel, in `domainIndex` order: each indicator averaged over the
 *   pure (unmixed) canopy pixels of a ~0.4 m window (plant scale), and
 *   `cover` = canopy share inside the outline in that window (low for thinned plants).
 */
export interface PlantFields {
  width: number;
  height: number;
  domain: BitMask;
  /** Indices of the domain pixels, in scan order: `values[name][k]` belongs to pixel `domainIndex[k]`. */
  domainIndex: Int32Array;
  roles: Measurement['roles'];
  values: Partial<Record<IndicatorName, Float32Array>>;
  canopyCount: number;
  domainCount: number;
  validCount: number;
  canopyThreshold: number;
}

/** Tunables, in metres where a ground resolution is known. Documented in docs/IMAGING.md. */
export const SEGMENTATION = {
  /** Gaps in a plant narrower than ~2 × this are closed into its outline. */
  closingRadiusM: 0.15,
  /** Pale-vegetation fringes thinner than about twice this are ignored. */
  paleFringeM: 0.05,
  /** Half-size of the plant-scale averaging window. */
  smoothingRadiusM: 0.2,
  /** Canopy darker than this share of the median soil brightness is deep shadow (unreliable colour). */
  shadowFactor: 0.25,
  /**
   * Pale vegetation (between the soil class and Otsu's threshold) darker than this share is shadow:
   * shaded soil has inflated ExG/NDVI, so the uncertain class needs light to count.
   */
  paleShadowFactor: 0.5,
  /** Otsu's threshold is kept inside these bounds (guards against photos that are all soil or all canopy). */
  exgThresholdBounds: [0.03, 0.3] as [number, number],
  ndviThresholdBounds: [0.2, 0.6] as [number, number],
};

function radiusPx(metres: number, gsdM: number | null, fallback: number, max: number): number {
  const radius = gsdM ? Math.round(metres / gsdM) : fallback;
  return Math.max(1, Math.min(max, radius));
}

export function rolesFor(planes: CapturePlanes): Measurement['roles'] {
  if (planes.kind === 'rgb') return { vigour: 'vari', chlorophyll: 'tgi', water: 'gli' };
  return {
    vigour: 'ndvi',
    chlorophyll: planes.redEdge ? 'ndre' : 'gndvi',
    water: planes.blue ? 'gli' : null,
  };
}

/** Canopy index (ExG on RGB, NDVI with NIR), visible brightness and the index histogram; the valid count. */
function indexPass(
  planes: CapturePlanes,
  rgb: boolean,
  indexRange: [number, number],
  canopyIndex: Float32Array,
  brightness: Float32Array,
  histogram: Float64Array,
): number {
  const { red, green, valid } = planes;
  const n = planes.width * planes.height;
  // A missing band is never read (the branches below check): any plane stands in for it.
  const blue = planes.blue ?? red;
  const hasBlue = planes.blue !== null;
  const nir = planes.nir ?? red;
  const [indexMin, indexMax] = indexRange;
  let validCount = 0;
  for (let i = 0; i < n; i++) {
    if (!valid[i]) continue;
    validCount++;
    const r = red[i] as number;
    const g = green[i] as number;
    const b = hasBlue ? (blue[i] as number) : 0;
    let index: number;
    if (rgb) {
      const sum = r + g + b;
      // Excess green on chromatic coordinates (Woebbecke et al. 1995): 2g − r − b.
      index = sum > 1e-6 ? (2 * g - r - b) / sum : 0;
      brightness[i] = sum / 3;
    } else {
      const near = nir[i] as number;
      index = near + r > 1e-6 ? (near - r) / (near + r) : 0;
      // Visible brightness: shadows are dark in the visible bands while NIR stays lit by scattering.
      brightness[i] = hasBlue ? (r + g + b) / 3 : (r + g) / 2;
    }
    canopyIndex[i] = index;
    const bin = Math.floor(((index - indexMin) / (indexMax - indexMin)) * 512);
    const clamped = bin < 0 ? 0 : Math.min(bin, 511);
    histogram[clamped] = (histogram[clamped] as number) + 1;
  }
  return validCount;
}

/** Brightness histogram of the valid non-canopy pixels (the soil), 256 bins of 1/170. */
function soilBrightness(
  valid: Uint8Array,
  canopyIndex: Float32Array,
  brightness: Float32Array,
  threshold: number,
): Float64Array {
  const histogram = new Float64Array(256);
  for (let i = 0; i < valid.length; i++) {
    if (!valid[i] || (canopyIndex[i] as number) > threshold) continue;
    const bin = Math.min(255, Math.floor((brightness[i] as number) * 170));
    histogram[bin] = (histogram[bin] as number) + 1;
  }
  return histogram;
}

/**
 * Canopy (index above Otsu's threshold, lit) and pale vegetation (between the two thresholds, lit),
 * written straight into packed masks (a word per 32 pixels of a row).
 */
function classify(
  planes: CapturePlanes,
  canopyIndex: Float32Array,
  brightness: Float32Array,
  cuts: { threshold: number; vegetationThreshold: number; shadowCut: number; paleShadowCut: number },
): { canopy: BitMask; pale: BitMask; canopyCount: number } {
  const { width, height, valid } = planes;
  const { threshold, vegetationThreshold, shadowCut, paleShadowCut } = cuts;
  const canopy = emptyMask(width, height);
  const pale = emptyMask(width, height);
  const stride = canopy.stride;
  let canopyCount = 0;
  for (let y = 0; y < height; y++) {
    const base = y * width;
    const row = y * stride;
    for (let k = 0; k < stride; k++) {
      let canopyWord = 0;
      let paleWord = 0;
      const from = base + (k << 5);
      const to = base + Math.min(width, (k + 1) << 5);
      for (let i = from; i < to; i++) {
        const light = brightness[i] as number;
        if (!valid[i] || light < shadowCut) continue;
        const index = canopyIndex[i] as number;
        if (index > threshold) {
          canopyWord |= 1 << (i - from);
          canopyCount++;
        } else if (index > vegetationThreshold && light >= paleShadowCut) {
          paleWord |= 1 << (i - from);
        }
      }
      canopy.words[row + k] = canopyWord;
      pale.words[row + k] = paleWord;
    }
  }
  return { canopy, pale, canopyCount };
}

/**
 * The outline pixels at least `margin` from the border (where the windows see whole plants) and
 * valid, packed, with the list of their indices in scan order.
 */
function domainOf(
  outline: BitMask,
  valid: Uint8Array,
  margin: number,
): { domain: BitMask; domainIndex: Int32Array } {
  const { width, height, stride } = outline;
  const domain = emptyMask(width, height);
  // Per word of a row: the bits of the columns from margin to width − margin − 1.
  const columns = new Int32Array(stride);
  for (let x = margin; x < width - margin; x++)
    columns[x >> 5] = (columns[x >> 5] as number) | (1 << (x & 31));
  let count = 0;
  for (let y = margin; y < height - margin; y++) {
    const row = y * stride;
    const base = y * width;
    for (let k = 0; k < stride; k++) {
      let word = (outline.words[row + k] as number) & (columns[k] as number);
      let bits = word;
      while (bits !== 0) {
        const low = bits & -bits;
        if (!valid[base + (k << 5) + 31 - Math.clz32(low)]) word ^= low;
        bits ^= low;
      }
      domain.words[row + k] = word;
      count += bitCount(word);
    }
  }
  return { domain, domainIndex: indicesOfBits(domain, count) };
}

export function computePlantFields(planes: CapturePlanes, gsdM: number | null): PlantFields {
  const { width, height, nir } = planes;
  const n = width * height;
  const rgb = planes.kind === 'rgb' || !nir;
  const canopyIndex = scratchFloat32('canopyIndex', n);
  const brightness = scratchFloat32('brightness', n);
  const indexRange: [number, number] = rgb ? [-1, 2] : [-1, 1];
  const [indexMin, indexMax] = indexRange;
  const indexHistogram = new Float64Array(512);
  const validCount = indexPass(planes, rgb, indexRange, canopyIndex, brightness, indexHistogram);
  const [low, high] = rgb ? SEGMENTATION.exgThresholdBounds : SEGMENTATION.ndviThresholdBounds;
  const threshold = Math.min(high, Math.max(low, otsuThreshold(indexHistogram, indexMin, indexMax)));
  // Pale (chlorotic, wilting) leaves fall between Otsu's two classes: anything above the midpoint
  // of the soil class mean and the threshold counts as vegetation for the plants' outline.
  const soilMean = classMeanBelow(indexHistogram, indexMin, indexMax, threshold);
  const vegetationThreshold = (soilMean + threshold) / 2;

  // Shadow: darker than a share of the sunlit soil's brightness (75th percentile of the
  // non-canopy pixels, so the shadows themselves do not lower the reference).
  const soilHistogram = soilBrightness(planes.valid, canopyIndex, brightness, threshold);
  const sunlitSoil = quantileOfBins(soilHistogram, 0.75) / 170;
  // Multispectral canopy is dark in the visible bands, so only RGB canopy is checked for shadow.
  const shadowCut = rgb ? SEGMENTATION.shadowFactor * sunlitSoil : 0;
  const paleShadowCut = SEGMENTATION.paleShadowFactor * sunlitSoil;

  const cuts = { threshold, vegetationThreshold, shadowCut, paleShadowCut };
  const { canopy, pale, canopyCount } = classify(planes, canopyIndex, brightness, cuts);

  const roles = rolesFor(planes);
  // Leaf-colour indicators use pure canopy pixels only: a pixel whose neighbours are all canopy is
  // not mixed with soil (sparse canopies and JPEG chroma subsampling otherwise lower every index).
  const pure = erodeBits(canopy, 1);
  const closing = radiusPx(SEGMENTATION.closingRadiusM, gsdM, Math.round(Math.min(width, height) / 200), 20);
  const smoothing = radiusPx(
    SEGMENTATION.smoothingRadiusM,
    gsdM,
    Math.round(Math.min(width, height) / 150),
    30,
  );
  // Pale vegetation joins the outline only as solid patches (a yellowed or wilting plant), not as
  // the thin fringe of mixed pixels every canopy edge has: an opening removes the fringe.
  const fringe = radiusPx(SEGMENTATION.paleFringeM, gsdM, 1, 3);
  const palePatches = dilateBits(erodeBits(pale, fringe), fringe);
  const outline = closeBits(orBits(palePatches, canopy), closing);
  // The closing and the averaging window cannot see past the image edge: cover is unreliable there.
  const { domain, domainIndex } = domainOf(outline, planes.valid, closing + smoothing);
  const domainCount = domainIndex.length;
  // Vigour is the plant's mean greenness over its whole outline: leaves that lost their green
  // (no longer canopy by the index threshold) and gaps pull it down, as they do at the plant scale.
  const values = plantScaleValues(planes, roles, { canopy, pure, outline, domain }, smoothing, domainCount);
  return {
    width,
    height,
    domain,
    domainIndex,
    roles,
    values,
    canopyCount,
    domainCount,
    validCount,
    canopyThreshold: threshold,
  };
}

function classMeanBelow(counts: Float64Array, min: number, max: number, threshold: number): number {
  let weight = 0;
  let sum = 0;
  for (let i = 0; i < counts.length; i++) {
    const value = min + ((i + 0.5) / counts.length) * (max - min);
    if (value > threshold) break;
    weight += counts[i] as number;
    sum += (counts[i] as number) * value;
  }
  return weight ? sum / weight : min;
}

function quantileOfBins(counts: Float64Array, q: number): number {
  let total = 0;
  for (const count of counts) total += count;
  let cumulative = 0;
  for (let i = 0; i < counts.length; i++) {
    cumulative += counts[i] as number;
    if (cumulative >= total * q) return i + 0.5;
  }
  return counts.length / 2;
}
