import { ndviThresholdBounds } from '../capture/index-bounds.ts';
import type { CapturePlanes } from '../capture/load-capture.ts';
import type { IndicatorName, Measurement } from '../types.ts';
import { type BitMask, closeBits, dilateBits, erodeBits, orBits, scratchMask } from './bit-mask.ts';
import { classify } from './canopy-classes.ts';
import { indexPass, soilAndCanopyLight } from './canopy-index.ts';
import { otsuThreshold } from './otsu.ts';
import { domainOf, lazyDomainIndex } from './plant-domain.ts';
import { freshValues, plantScaleValues, type ValueArrays } from './plant-scale.ts';
import { growCanopyRims, LIGHT_BINS, shadowBands } from './rgb-canopy.ts';
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

/** `values`: where the plant-scale values go (fresh arrays unless the caller reuses buffers). */
export function computePlantFields(
  planes: CapturePlanes,
  gsdM: number | null,
  values: ValueArrays = freshValues,
): PlantFields {
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
    minChroma: SEGMENTATION.rgbMinChroma,
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
  const masks = { canopy, pure, outline, domain };
  const indicators = plantScaleValues(planes, roles, masks, smoothing, domainCount, values);
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
    values: indicators,
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
