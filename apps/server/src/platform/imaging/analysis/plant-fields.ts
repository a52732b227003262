import { ndviThresholdBounds } from '../capture/index-bounds.ts';
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
  scratchMask,
} from './bit-mask.ts';
import { indexPass, soilAndCanopyLight } from './canopy-index.ts';
import { otsuThreshold } from './otsu.ts';
import { plantScaleValues } from './plant-scale.ts';
import { growCanopyRims, LIGHT_BINS, RGB_CANOPY, type RgbLight, shadowBands } from './rgb-canopy.ts';
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
  /** Vegetation pixels (lit or shaded), packed: what plant units are cut from. */
  canopy: BitMask;
  /** Canopy pixels in shadow (colour and index unreliable): a unit mostly in shade is not judged. */
  shaded: BitMask;
  domain: BitMask;
  /**
   * Indices of the domain pixels, in scan order: `values[name][k]` belongs to pixel `domainIndex[k]`.
   * Listed when first read (see `lazyDomainIndex`).
   */
  readonly domainIndex: Int32Array;
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
  /** Pixels darker than this share of the sunlit soil have no usable colour at all (RGB). */
  shadowFactor: 0.08,
  /**
   * Pale vegetation (between the soil class and Otsu's threshold) darker than this share is shadow:
   * shaded soil has inflated ExG/NDVI, so the uncertain class needs light to count.
   */
  paleShadowFactor: 0.5,
  /**
   * RGB canopy: green dominance `(G − max(R, B))/(R + G + B)` on linear light, averaged over
   * ~0.1 m, above this cut and with chroma above `rgbMinChroma` (grey, white and black surfaces:
   * cars, asphalt, concrete, are never canopy). A physical cut (green above red and blue), not
   * Otsu's: on the MicaSense capture Otsu's cut of any RGB index dropped shaded canopy and cover
   * crop (agreement with NDVI 0.77–0.91). This is the cut of lit pixels; shadows and rims follow
   * rgb-canopy.ts (agreement 0.958).
   */
  rgbCanopyCut: -0.02,
  rgbMinChroma: 0.1,
  /** Averaging radius of the RGB canopy index (noise in shade), metres. */
  rgbSmoothingM: 0.1,
  /** Canopy darker than this share of the sunlit soil is shaded (kept as canopy, not judged). */
  shadeFactor: 0.45,
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

/**
 * Canopy (index above the cut; on RGB coloured and not black) and pale vegetation (between the
 * two thresholds, lit), written straight into packed masks (a word per 32 pixels of a row), and the
 * shaded canopy (darker than `shadeCut` in the visible, or than `nirShadeCut` in NIR).
 */
function classify(
  planes: CapturePlanes,
  canopyIndex: Float32Array,
  chroma: Float32Array | null,
  rgbLight: RgbLight | null,
  brightness: Float32Array,
  cuts: {
    threshold: number;
    vegetationThreshold: number;
    shadowCut: number;
    paleShadowCut: number;
    shadeCut: number;
    nirShadeCut: number;
    /** RGB: the sunlit soil's linear light and where the shadow cuts end (rgb-canopy.ts). */
    shadowBands: ReturnType<typeof shadowBands>;
  },
): { canopy: BitMask; pale: BitMask; shaded: BitMask; canopyCount: number } {
  const { width, height } = planes;
  const canopy = emptyMask(width, height);
  const pass: ClassifyPass = {
    width,
    valid: planes.valid,
    nir: planes.nir ?? null,
    canopyIndex,
    chroma,
    rgbLight,
    brightness,
    ...cuts,
    minChroma: chroma ? SEGMENTATION.rgbMinChroma : -1,
    canopy,
    // Every word is written below, and pale is read only by computePlantFields: scratch.
    pale: scratchMask(canopy, 'paleVegetation'),
    shaded: emptyMask(width, height),
  };
  let canopyCount = 0;
  // One call per row: a row's loops run as one optimised function. Nested in this one, V8 compiled
  // the innermost loop alone (on-stack replacement) and fell back to the interpreter at the end of
  // every 32-pixel word, hundreds of times a photo.
  for (let y = 0; y < height; y++) canopyCount += classifyRow(pass, y);
  return { canopy, pale: pass.pale, shaded: pass.shaded, canopyCount };
}

interface ClassifyPass {
  width: number;
  valid: Uint8Array;
  nir: Float32Array | null;
  canopyIndex: Float32Array;
  chroma: Float32Array | null;
  rgbLight: RgbLight | null;
  brightness: Float32Array;
  threshold: number;
  vegetationThreshold: number;
  shadowCut: number;
  paleShadowCut: number;
  shadeCut: number;
  nirShadeCut: number;
  shadowBands: ReturnType<typeof shadowBands>;
  minChroma: number;
  canopy: BitMask;
  pale: BitMask;
  shaded: BitMask;
}

/** Row `y` of `classify`: its canopy, pale and shaded words; returns its canopy pixels. */
function classifyRow(pass: ClassifyPass, y: number): number {
  const { width, valid, nir, canopyIndex, chroma, rgbLight, brightness, minChroma } = pass;
  const { threshold, vegetationThreshold, shadowCut, paleShadowCut, shadeCut, nirShadeCut } = pass;
  const bands = pass.shadowBands;
  const { castShadow, deepShade } = bands;
  const { deepShadeCut, castShadowCut } = RGB_CANOPY;
  const { canopy, pale, shaded } = pass;
  const stride = canopy.stride;
  const base = y * width;
  const row = y * stride;
  let canopyCount = 0;
  for (let k = 0; k < stride; k++) {
    let canopyWord = 0;
    let paleWord = 0;
    let shadedWord = 0;
    const from = base + (k << 5);
    const to = base + Math.min(width, (k + 1) << 5);
    for (let i = from; i < to; i++) {
      const light = brightness[i] as number;
      if (!valid[i] || light < shadowCut) continue;
      if (chroma && (chroma[i] as number) < minChroma) continue;
      // Red and blue both brighter than the sunlit soil: nothing absorbs them, so not a leaf.
      if (rgbLight && (rgbLight.redBlueMin[i] as number) > bands.sunlit) continue;
      const index = canopyIndex[i] as number;
      // The green-dominance cut for the pixel's linear light: `threshold` unless in cast
      // shadow or deep shade (rgb-canopy.ts). Inline: as a call it boxed its numbers per pixel.
      let cut = threshold;
      if (rgbLight) {
        const linearLight = rgbLight.light[i] as number;
        if (!(linearLight >= castShadow)) cut = linearLight < deepShade ? deepShadeCut : castShadowCut;
      }
      if (index > cut) {
        canopyWord |= 1 << (i - from);
        canopyCount++;
        const dark = nir ? (nir[i] as number) < nirShadeCut : light < shadeCut;
        if (dark) shadedWord |= 1 << (i - from);
      } else if (index > vegetationThreshold && light >= paleShadowCut) {
        paleWord |= 1 << (i - from);
      }
    }
    canopy.words[row + k] = canopyWord;
    pale.words[row + k] = paleWord;
    shaded.words[row + k] = shadedWord;
  }
  return canopyCount;
}

/**
 * The outline pixels at least `margin` from the border (where the windows see whole plants) and
 * valid, packed, and their number.
 */
function domainOf(
  outline: BitMask,
  valid: Uint8Array,
  margin: number,
): { domain: BitMask; domainCount: number } {
  const { width, height, stride } = outline;
  const domain = emptyMask(width, height);
  // Per word of a row: the bits of the columns from margin to width − margin − 1.
  const columns = new Int32Array(stride);
  for (let x = margin; x < width - margin; x++)
    columns[x >> 5] = (columns[x >> 5] as number) | (1 << (x & 31));
  let count = 0;
  // A row per call, as in `classify`: nested here, the innermost loop ran alone and exited to the
  // interpreter at every word.
  for (let y = margin; y < height - margin; y++) count += domainRow(outline, valid, columns, domain, y);
  return { domain, domainCount: count };
}

/** Row `y` of `domainOf`: the outline's valid bits within the columns; returns how many. */
function domainRow(outline: BitMask, valid: Uint8Array, columns: Int32Array, domain: BitMask, y: number) {
  const { width, stride } = outline;
  const row = y * stride;
  const base = y * width;
  let count = 0;
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
  return count;
}

/**
 * The list of a domain's pixels, made when first asked for: the analysis reads the domain mask and
 * the counts (only the map layers need the list), and a list per photo and phase was ~10 MB of
 * fresh memory, its page faults and garbage collections.
 */
export function lazyDomainIndex(domain: BitMask, count: number): () => Int32Array {
  let index: Int32Array | null = null;
  return () => {
    index ??= indicesOfBits(domain, count);
    return index;
  };
}

export function computePlantFields(planes: CapturePlanes, gsdM: number | null): PlantFields {
  const { width, height, nir } = planes;
  const n = width * height;
  const rgb = planes.kind === 'rgb' || !nir;
  const canopyIndex = scratchFloat32('canopyIndex', n);
  const chroma = rgb ? scratchFloat32('canopyChroma', n) : null;
  const rgbLight = rgb
    ? { light: scratchFloat32('canopyLight', n), redBlueMin: scratchFloat32('canopyRedBlueMin', n) }
    : null;
  const brightness = scratchFloat32('brightness', n);
  const indexHistogram = new Float64Array(512);
  const indexSmoothing = rgb ? radiusPx(SEGMENTATION.rgbSmoothingM, gsdM, 1, 3) : 0;
  const validCount = indexPass(
    planes,
    rgb,
    indexSmoothing,
    canopyIndex,
    chroma ?? brightness,
    rgbLight,
    brightness,
    indexHistogram,
  );
  // Digital numbers (no reflectance) put NDVI on a lower scale: the bounds follow the radiometry.
  const [low, high] = ndviThresholdBounds(planes);
  const threshold = rgb
    ? SEGMENTATION.rgbCanopyCut
    : Math.min(high, Math.max(low, otsuThreshold(indexHistogram, -1, 1)));
  // Pale (chlorotic, wilting) leaves fall between the two classes: anything above the midpoint
  // of the soil class mean and the threshold counts as vegetation for the plants' outline.
  const soilMean = classMeanBelow(indexHistogram, -1, 1, threshold);
  const vegetationThreshold = (soilMean + threshold) / 2;

  // Shadow: darker than a share of the sunlit soil's brightness (75th percentile of the
  // non-canopy pixels, so the shadows themselves do not lower the reference).
  const lightHistogram = new Float64Array(LIGHT_BINS);
  const histograms = soilAndCanopyLight(
    planes.valid,
    canopyIndex,
    brightness,
    threshold,
    rgbLight?.light ?? null,
    lightHistogram,
    nir,
  );
  const soilHistogram = histograms.soil;
  const sunlitSoil = quantileOfBins(soilHistogram, 0.75) / 170;
  // Multispectral canopy is dark in the visible bands, so only RGB canopy is checked for shadow.
  const shadowCut = rgb ? SEGMENTATION.shadowFactor * sunlitSoil : 0;
  const paleShadowCut = SEGMENTATION.paleShadowFactor * sunlitSoil;
  const shadeCut = SEGMENTATION.shadeFactor * sunlitSoil;
  // With NIR, shaded leaves are the ones far darker in NIR than the lit canopy.
  const nirShadeCut = 0.5 * (nir ? quantileOfBins(histograms.canopyNir, 0.5) / 1024 : 0);

  // RGB: the cut follows the shadow depth in linear light (rgb-canopy.ts).
  const bands = shadowBands(quantileOfBins(lightHistogram, 0.75) / LIGHT_BINS);
  const cuts = {
    threshold,
    vegetationThreshold,
    shadowCut,
    paleShadowCut,
    shadeCut,
    nirShadeCut,
    shadowBands: bands,
  };
  const classified = classify(planes, canopyIndex, chroma, rgbLight, brightness, cuts);
  const { canopy, pale, shaded } = classified;
  let canopyCount = classified.canopyCount;
  // Leaf-colour indicators use pure canopy pixels only: a pixel whose neighbours are all canopy is
  // not mixed with soil (sparse canopies and JPEG chroma subsampling otherwise lower every index).
  // pure, the pale patches and the outline are read only below, before this returns: scratch.
  const pure = erodeBits(canopy, 1, scratchMask(canopy, 'purePixels'));
  // Sunlit crown rims and mixed edge pixels (rgb-canopy.ts), after the pure pixels were taken: they
  // widen the canopy, not the set of pixels whose leaf colour is read.
  if (chroma && rgbLight)
    canopyCount += growCanopyRims(
      canopy,
      shaded,
      { valid: planes.valid, canopyIndex, chroma, brightness, redBlueMin: rgbLight.redBlueMin },
      { minChroma: SEGMENTATION.rgbMinChroma, sunlit: bands.sunlit, shadeCut },
    );

  const roles = rolesFor(planes);
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
  const paleCores = erodeBits(pale, fringe, scratchMask(pale, 'paleCores'));
  const palePatches = dilateBits(paleCores, fringe, scratchMask(pale, 'palePatches'));
  const outlineSeed = orBits(palePatches, canopy, scratchMask(pale, 'outlineSeed'));
  const outline = closeBits(outlineSeed, closing, scratchMask(pale, 'plantOutline'));
  // The closing and the averaging window cannot see past the image edge: cover is unreliable there.
  const { domain, domainCount } = domainOf(outline, planes.valid, closing + smoothing);
  // Vigour is the plant's mean greenness over its whole outline: leaves that lost their green
  // (no longer canopy by the index threshold) and gaps pull it down, as they do at the plant scale.
  const values = plantScaleValues(planes, roles, { canopy, pure, outline, domain }, smoothing, domainCount);
  const domainIndex = lazyDomainIndex(domain, domainCount);
  return {
    width,
    height,
    canopy,
    shaded,
    domain,
    get domainIndex() {
      return domainIndex();
    },
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
