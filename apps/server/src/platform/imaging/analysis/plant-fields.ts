import type { CapturePlanes } from '../capture/load-capture.ts';
import type { IndicatorName, Measurement } from '../types.ts';
import { closeBits, dilateBits, erodeBits, orBits, packMask, unpackMask } from './bit-mask.ts';
import { otsuThreshold } from './otsu.ts';
import { plantScaleValues } from './plant-scale.ts';
import { scratchFloat32, scratchInt32, scratchUint8 } from './scratch.ts';

/**
 * Canopy and plant-scale indicators of one capture at the working resolution.
 * - `canopy`: vegetation pixels (index above Otsu's threshold, not in shadow).
 * - `domain`: the plants' outline (canopy closed over small gaps), where indicators are defined
 *   (leaf-colour indicators are NaN where the window has no pure canopy pixel).
 * - `values`: each indicator averaged over the pure (unmixed) canopy pixels of a ~0.4 m window
 *   (plant scale), and
 *   `cover` = canopy share inside the outline in that window (low for thinned plants).
 */
export interface PlantFields {
  width: number;
  height: number;
  domain: Uint8Array;
  /** Indices of the domain pixels, in scan order (the loops that only look at the domain). */
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

/** Canopy (index above Otsu's threshold, lit) and pale vegetation (between the two thresholds, lit). */
function classify(
  valid: Uint8Array,
  canopyIndex: Float32Array,
  brightness: Float32Array,
  cuts: { threshold: number; vegetationThreshold: number; shadowCut: number; paleShadowCut: number },
  canopy: Uint8Array,
  pale: Uint8Array,
): number {
  const { threshold, vegetationThreshold, shadowCut, paleShadowCut } = cuts;
  let canopyCount = 0;
  for (let i = 0; i < valid.length; i++) {
    const light = brightness[i] as number;
    if (!valid[i] || light < shadowCut) continue;
    const index = canopyIndex[i] as number;
    if (index > threshold) {
      canopy[i] = 1;
      canopyCount++;
    } else if (index > vegetationThreshold && light >= paleShadowCut) {
      pale[i] = 1;
    }
  }
  return canopyCount;
}

/**
 * The outline pixels at least `margin` from the border (where the windows see whole plants), as a
 * mask and as the list of their indices in scan order.
 */
function domainOf(
  outline: Uint8Array,
  valid: Uint8Array,
  width: number,
  height: number,
  margin: number,
): { domain: Uint8Array; domainIndex: Int32Array } {
  const domain = new Uint8Array(width * height);
  const found = scratchInt32('domainIndex', width * height);
  let count = 0;
  for (let y = margin; y < height - margin; y++) {
    const base = y * width;
    for (let x = margin; x < width - margin; x++) {
      const i = base + x;
      if (outline[i] && valid[i]) {
        domain[i] = 1;
        found[count++] = i;
      }
    }
  }
  return { domain, domainIndex: found.slice(0, count) };
}

export function computePlantFields(planes: CapturePlanes, gsdM: number | null): PlantFields {
  const { width, height, nir, valid } = planes;
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
  const soilHistogram = soilBrightness(valid, canopyIndex, brightness, threshold);
  const sunlitSoil = quantileOfBins(soilHistogram, 0.75) / 170;
  // Multispectral canopy is dark in the visible bands, so only RGB canopy is checked for shadow.
  const shadowCut = rgb ? SEGMENTATION.shadowFactor * sunlitSoil : 0;
  const paleShadowCut = SEGMENTATION.paleShadowFactor * sunlitSoil;

  const canopy = scratchUint8('canopy', n, true);
  const pale = scratchUint8('pale', n, true);
  const cuts = { threshold, vegetationThreshold, shadowCut, paleShadowCut };
  const canopyCount = classify(valid, canopyIndex, brightness, cuts, canopy, pale);

  const roles = rolesFor(planes);
  // Leaf-colour indicators use pure canopy pixels only: a pixel whose neighbours are all canopy is
  // not mixed with soil (sparse canopies and JPEG chroma subsampling otherwise lower every index).
  const canopyBits = packMask(canopy, width, height);
  const pure = unpackMask(erodeBits(canopyBits, 1), scratchUint8('pure', n));
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
  const palePatches = dilateBits(erodeBits(packMask(pale, width, height), fringe), fringe);
  const outline = unpackMask(closeBits(orBits(palePatches, canopyBits), closing), scratchUint8('outline', n));
  // The closing and the averaging window cannot see past the image edge: cover is unreliable there.
  const { domain, domainIndex } = domainOf(outline, valid, width, height, closing + smoothing);
  const domainCount = domainIndex.length;
  // Vigour is the plant's mean greenness over its whole outline: leaves that lost their green
  // (no longer canopy by the index threshold) and gaps pull it down, as they do at the plant scale.
  const values = plantScaleValues(planes, roles, { canopy, pure, outline, domain }, smoothing);
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
