import type { CapturePlanes } from '../capture/load-capture.ts';
import type { IndicatorName, Measurement } from '../types.ts';
import { boxSum, close, dilate, erode } from './box-filter.ts';
import { otsuThreshold } from './otsu.ts';

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
  canopy: Uint8Array;
  domain: Uint8Array;
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

export function computePlantFields(planes: CapturePlanes, gsdM: number | null): PlantFields {
  const { width, height, red, green, blue, nir, valid } = planes;
  const n = width * height;
  const rgb = planes.kind === 'rgb' || !nir;
  const canopyIndex = new Float32Array(n);
  const brightness = new Float32Array(n);
  const [indexMin, indexMax] = rgb ? [-1, 2] : [-1, 1];
  const indexHistogram = new Float64Array(512);
  let validCount = 0;
  for (let i = 0; i < n; i++) {
    if (!valid[i]) continue;
    validCount++;
    const r = red[i] as number;
    const g = green[i] as number;
    let index: number;
    if (rgb) {
      const b = blue ? (blue[i] as number) : 0;
      const sum = r + g + b;
      // Excess green on chromatic coordinates (Woebbecke et al. 1995): 2g − r − b.
      index = sum > 1e-6 ? (2 * g - r - b) / sum : 0;
      brightness[i] = sum / 3;
    } else {
      const near = (nir as Float32Array)[i] as number;
      index = near + r > 1e-6 ? (near - r) / (near + r) : 0;
      // Visible brightness: shadows are dark in the visible bands while NIR stays lit by scattering.
      brightness[i] = blue ? (r + g + (blue[i] as number)) / 3 : (r + g) / 2;
    }
    canopyIndex[i] = index;
    const bin = Math.floor(((index - indexMin) / (indexMax - indexMin)) * 512);
    const clamped = bin < 0 ? 0 : Math.min(bin, 511);
    indexHistogram[clamped] = (indexHistogram[clamped] as number) + 1;
  }
  const [low, high] = rgb ? SEGMENTATION.exgThresholdBounds : SEGMENTATION.ndviThresholdBounds;
  const threshold = Math.min(high, Math.max(low, otsuThreshold(indexHistogram, indexMin, indexMax)));
  // Pale (chlorotic, wilting) leaves fall between Otsu's two classes: anything above the midpoint
  // of the soil class mean and the threshold counts as vegetation for the plants' outline.
  const soilMean = classMeanBelow(indexHistogram, indexMin, indexMax, threshold);
  const vegetationThreshold = (soilMean + threshold) / 2;

  // Shadow: darker than a share of the sunlit soil's brightness (75th percentile of the
  // non-canopy pixels, so the shadows themselves do not lower the reference).
  const soilHistogram = new Float64Array(256);
  for (let i = 0; i < n; i++) {
    if (!valid[i] || (canopyIndex[i] as number) > threshold) continue;
    const bin = Math.min(255, Math.floor((brightness[i] as number) * 170));
    soilHistogram[bin] = (soilHistogram[bin] as number) + 1;
  }
  const sunlitSoil = quantileOfBins(soilHistogram, 0.75) / 170;
  // Multispectral canopy is dark in the visible bands, so only RGB canopy is checked for shadow.
  const shadowCut = rgb ? SEGMENTATION.shadowFactor * sunlitSoil : 0;
  const paleShadowCut = SEGMENTATION.paleShadowFactor * sunlitSoil;

  const canopy = new Uint8Array(n);
  const vegetation = new Uint8Array(n);
  let canopyCount = 0;
  for (let i = 0; i < n; i++) {
    if (!valid[i] || (brightness[i] as number) < shadowCut) continue;
    const index = canopyIndex[i] as number;
    if (index > threshold || (index > vegetationThreshold && (brightness[i] as number) >= paleShadowCut)) {
      vegetation[i] = 1;
    }
    if (index > threshold) {
      canopy[i] = 1;
      canopyCount++;
    }
  }

  const roles = rolesFor(planes);
  // Leaf-colour indicators use pure canopy pixels only: a pixel whose neighbours are all canopy is
  // not mixed with soil (sparse canopies and JPEG chroma subsampling otherwise lower every index).
  const pure = erode(canopy, width, height, 1);
  const closing = radiusPx(SEGMENTATION.closingRadiusM, gsdM, Math.round(Math.min(width, height) / 200), 20);
  const smoothing = radiusPx(
    SEGMENTATION.smoothingRadiusM,
    gsdM,
    Math.round(Math.min(width, height) / 150),
    30,
  );
  // Pale vegetation joins the outline only as solid patches (a yellowed or wilting plant), not as
  // the thin fringe of mixed pixels every canopy edge has: an opening removes the fringe.
  const pale = new Uint8Array(n);
  for (let i = 0; i < n; i++) pale[i] = vegetation[i] && !canopy[i] ? 1 : 0;
  const fringe = radiusPx(SEGMENTATION.paleFringeM, gsdM, 1, 3);
  const palePatches = dilate(erode(pale, width, height, fringe), width, height, fringe);
  for (let i = 0; i < n; i++) if (canopy[i]) palePatches[i] = 1;
  const outline = close(palePatches, width, height, closing);
  // Vigour is the plant's mean greenness over its whole outline: leaves that lost their green
  // (no longer canopy by the index threshold) and gaps pull it down, as they do at the plant scale.
  const raw = rawIndicators(planes, roles, outline, pure);
  const canopySums = boxSum(canopy, width, height, smoothing);
  const pureSums = boxSum(pure, width, height, smoothing);
  const outlineSums = boxSum(outline, width, height, smoothing);
  // The closing and the averaging window cannot see past the image edge: cover is unreliable there.
  const margin = closing + smoothing;
  const domain = new Uint8Array(n);
  let domainCount = 0;
  for (let y = margin; y < height - margin; y++) {
    for (let x = margin; x < width - margin; x++) {
      const i = y * width + x;
      if (outline[i] && valid[i]) {
        domain[i] = 1;
        domainCount++;
      }
    }
  }
  const values: Partial<Record<IndicatorName, Float32Array>> = {};
  for (const [name, plane] of Object.entries(raw) as [IndicatorName, Float32Array][]) {
    const sums = boxSum(plane, width, height, smoothing);
    const smoothed = new Float32Array(n);
    // NaN where the window holds no pure leaf pixel (a plant that lost its leaves): only `cover` speaks there.
    const weights = name === roles.vigour ? outlineSums : pureSums;
    for (let i = 0; i < n; i++) {
      const weight = weights[i] as number;
      if (domain[i]) smoothed[i] = weight >= 1 ? (sums[i] as number) / weight : Number.NaN;
    }
    values[name] = smoothed;
  }
  const cover = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (domain[i]) cover[i] = Math.min(1, (canopySums[i] as number) / Math.max(1, outlineSums[i] as number));
  }
  values.cover = cover;
  return {
    width,
    height,
    canopy,
    domain,
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

const clamp = (value: number) => (value < -1 ? -1 : Math.min(value, 1));

/**
 * Per-pixel indicators on canopy pixels (0 elsewhere):
 * VARI = (G − R)/(G + R − B) (Gitelson et al. 2002); TGI on chromatic coordinates
 * g − 0.39 r − 0.61 b (Hunt et al. 2013); GLI = (2G − R − B)/(2G + R + B) (Louhaichi et al. 2001);
 * NDVI = (NIR − R)/(NIR + R) (Rouse et al. 1974); NDRE = (NIR − RE)/(NIR + RE) (Barnes et al. 2000);
 * GNDVI = (NIR − G)/(NIR + G) (Gitelson et al. 1996).
 */
function rawIndicators(
  planes: CapturePlanes,
  roles: Measurement['roles'],
  outline: Uint8Array,
  pure: Uint8Array,
) {
  const { red, green, blue, nir, redEdge } = planes;
  const n = planes.width * planes.height;
  const wanted = new Set([roles.vigour, roles.chlorophyll, roles.water].filter(Boolean) as IndicatorName[]);
  const out: Partial<Record<IndicatorName, Float32Array>> = {};
  for (const name of wanted) out[name] = new Float32Array(n);
  const { vari, tgi, gli, ndvi, ndre, gndvi } = out;
  for (let i = 0; i < n; i++) {
    if (!outline[i]) continue;
    // The vigour index covers the whole outline; leaf-pigment indices only pure leaf pixels.
    const leaf = pure[i] === 1;
    const r = red[i] as number;
    const g = green[i] as number;
    const b = blue ? (blue[i] as number) : 0;
    if (vari) {
      const denominator = g + r - b;
      vari[i] = Math.abs(denominator) > 1e-4 ? clamp((g - r) / denominator) : 0;
    }
    if (tgi && leaf) {
      const sum = r + g + b;
      tgi[i] = sum > 1e-6 ? (g - 0.39 * r - 0.61 * b) / sum : 0;
    }
    if (gli && leaf) {
      const denominator = 2 * g + r + b;
      gli[i] = denominator > 1e-6 ? (2 * g - r - b) / denominator : 0;
    }
    if (nir) {
      const near = nir[i] as number;
      if (ndvi) ndvi[i] = near + r > 1e-6 ? (near - r) / (near + r) : 0;
      if (gndvi && leaf) gndvi[i] = near + g > 1e-6 ? (near - g) / (near + g) : 0;
      if (ndre && redEdge && leaf) {
        const edge = redEdge[i] as number;
        ndre[i] = near + edge > 1e-6 ? (near - edge) / (near + edge) : 0;
      }
    }
  }
  return out;
}
