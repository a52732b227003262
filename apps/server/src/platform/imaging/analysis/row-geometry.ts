import type { BitMask } from './bit-mask.ts';
import { bestPeriod, refinePeriod } from './periodicity.ts';
import { scratchInt32 } from './scratch.ts';

/**
 * Row orientation and spacing of a canopy mask, from directional projections (a Radon transform
 * at coarse angles): projected across the rows, a planted field gives a periodic profile (rows
 * and inter-rows), projected along any other direction a flat one. The orientation with the
 * strongest periodic profile wins; its period is the row spacing, its phase puts the row centres.
 */
export interface RowGeometry {
  /** Direction of the rows in image pixels, radians from the +x axis (0–π). */
  angle: number;
  /** Distance between row centres, pixels. */
  spacingPx: number;
  /** Across-row coordinate (`v`, see `acrossRow`) of a row centre. */
  phasePx: number;
  /** Width of the rows' canopy band across the rows (the profile above half its swing), pixels. */
  widthPx: number;
  /** Strength of the periodicity (autocorrelation at the period, 0–1); rows found when ≥ `MIN_ROW_STRENGTH`. */
  strength: number;
}

/**
 * Planted rows measured 0.44–0.81 (MicaSense vines and orchard), ~0.8 on the synthetic scenes;
 * park trees and scattered crowns read as "rows" 4.6–8 m apart at 0.26–0.39 at some pixel sizes,
 * which put stress boxes on tree crowns and a road verge: 0.42 keeps the first and drops the second.
 */
export const MIN_ROW_STRENGTH = 0.42;
/** Along a row found, a weaker period still tells trees or vines apart (gaps are short). */
export const MIN_PLANT_PERIOD_STRENGTH = 0.25;

/** Along-row (`u`) and across-row (`v`) coordinates of a pixel for rows at `angle`. */
export function alongRow(angle: number, x: number, y: number): number {
  return x * Math.cos(angle) + y * Math.sin(angle);
}
export function acrossRow(angle: number, x: number, y: number): number {
  return -x * Math.sin(angle) + y * Math.cos(angle);
}

/** A rectangle of the image, pixels, `x1`/`y1` exclusive. */
export interface PixelWindow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Sampled set pixels of a mask inside a window (every `step`-th row and column) as x, y pairs, in
 * a scratch buffer (scratch.ts): read by the caller before it returns, never kept. A growing
 * array and its copy were ~30 MB of short-lived memory per Seneca set.
 */
function samplePixels(mask: BitMask, step: number, window: PixelWindow): Int32Array {
  const most = 2 * Math.ceil((window.y1 - window.y0) / step) * Math.ceil((window.x1 - window.x0) / step);
  const out = scratchInt32('sampledPixels', Math.max(0, most));
  let n = 0;
  for (let y = window.y0; y < window.y1; y += step) {
    const row = y * mask.stride;
    for (let x = window.x0; x < window.x1; x += step) {
      if (((mask.words[row + (x >> 5)] as number) >>> (x & 31)) & 1) {
        out[n++] = x;
        out[n++] = y;
      }
    }
  }
  return out.subarray(0, n);
}

const whole = (mask: BitMask): PixelWindow => ({ x0: 0, y0: 0, x1: mask.width, y1: mask.height });

/** Sampling step: about 20,000 sampled pixels per window are plenty for a profile. */
function stepOf(window: PixelWindow): number {
  const area = (window.x1 - window.x0) * (window.y1 - window.y0);
  return Math.max(1, Math.round(Math.sqrt(area / 20_000)));
}

/**
 * The profile of the sampled pixels projected across rows at `angle` (bins of `step` pixels) and
 * its best period. A function of its own (not a closure of findRows) so that V8 optimises it once
 * for every block of every photo.
 */
function projectedPeriod(
  pixels: Int32Array,
  step: number,
  diagonal: number,
  minLag: number,
  maxLag: number,
  angle: number,
) {
  const profile = new Float64Array(2 * diagonal + 1);
  const s = Math.sin(angle) / step;
  const c = Math.cos(angle) / step;
  for (let k = 0; k < pixels.length; k += 2) {
    const v = Math.round(-(pixels[k] as number) * s + (pixels[k + 1] as number) * c) + diagonal;
    profile[v] = (profile[v] as number) + 1;
  }
  // Only the span the image covers at this angle.
  let first = 0;
  while (first < profile.length && profile[first] === 0) first++;
  let last = profile.length - 1;
  while (last > first && profile[last] === 0) last--;
  const span = profile.subarray(first, last + 1);
  return { ...bestPeriod(span, minLag, maxLag), span, offset: first - diagonal };
}

/**
 * Rows of a canopy mask, or null when there is no clear periodic structure (a lawn, a forest,
 * scattered trees). `minSpacingPx`/`maxSpacingPx` bound the row spacing searched (e.g. 1.2–8 m).
 */
export function findRows(
  mask: BitMask,
  minSpacingPx: number,
  maxSpacingPx: number,
  window: PixelWindow = whole(mask),
): RowGeometry | null {
  const step = stepOf(window);
  const pixels = samplePixels(mask, step, window);
  const count = pixels.length / 2;
  if (count < 100) return null;
  // Profiles in bins of `step` pixels (the sampling step: finer bins would alternate full/empty).
  const diagonal = Math.ceil(Math.hypot(mask.width, mask.height) / step);
  const minLag = Math.max(2, Math.floor(minSpacingPx / step));
  const maxLag = Math.ceil(maxSpacingPx / step);
  const score = (angle: number) => projectedPeriod(pixels, step, diagonal, minLag, maxLag, angle);
  // 5° steps, then refined to 0.5° around the best. Projected a few degrees off the rows, a small
  // window still shows a strong period, s/cos(off): among the nearly strongest directions the one
  // with the shortest period is across the rows.
  const coarseResults: (ReturnType<typeof score> & { angle: number })[] = [];
  for (let deg = 0; deg < 180; deg += 5) {
    const angle = (deg * Math.PI) / 180;
    coarseResults.push({ ...score(angle), angle });
  }
  let best = coarseResults[0] as (typeof coarseResults)[0];
  for (const result of coarseResults) if (result.strength > best.strength) best = result;
  const strongest = best.strength;
  for (const result of coarseResults)
    if (result.lag > 0 && result.strength >= 0.85 * strongest && result.lag < best.lag) best = result;
  const coarse = best.angle;
  for (let delta = -2.5; delta <= 2.5; delta += 0.5) {
    if (delta === 0) continue;
    const angle = (((coarse + (delta * Math.PI) / 180) % Math.PI) + Math.PI) % Math.PI;
    const result = score(angle);
    if (result.strength > best.strength) best = { ...result, angle };
  }
  if (best.lag === 0 || best.strength < MIN_ROW_STRENGTH) return null;
  // Phase: the offset (mod the period) where the folded profile holds most canopy. The profile is
  // folded at the refined period into as many buckets as the whole lag; each bucket keeps the mean
  // offset of what fell in it.
  const period = refinePeriod(best.span, best.lag, maxLag);
  const buckets = best.lag;
  const folded = new Float64Array(buckets);
  const offsets = new Float64Array(buckets);
  for (let i = 0; i < best.span.length; i++) {
    const offset = i % period;
    const bucket = Math.min(buckets - 1, Math.floor((offset * buckets) / period));
    folded[bucket] = (folded[bucket] as number) + (best.span[i] as number);
    offsets[bucket] = (offsets[bucket] as number) + (best.span[i] as number) * offset;
  }
  let peak = 0;
  let low = 0;
  for (let i = 1; i < buckets; i++) {
    if ((folded[i] as number) > (folded[peak] as number)) peak = i;
    if ((folded[i] as number) < (folded[low] as number)) low = i;
  }
  const peakOffset =
    (folded[peak] as number) > 0 ? (offsets[peak] as number) / (folded[peak] as number) : peak;
  // Row width: the span of the folded profile above half its swing, around the peak.
  const half = ((folded[peak] as number) + (folded[low] as number)) / 2;
  let width = 1;
  for (let d = 1; d < buckets && (folded[(peak + d) % buckets] as number) >= half; d++) width++;
  for (let d = 1; d < buckets && (folded[(peak - d + buckets) % buckets] as number) >= half; d++) width++;
  return {
    angle: best.angle,
    spacingPx: period * step,
    phasePx: (best.offset + peakOffset) * step,
    widthPx: (Math.min(buckets, width) * period * step) / buckets,
    strength: best.strength,
  };
}

/**
 * Along-row period of the canopy (the spacing of trees, or of vines with gaps between them), or
 * null when the rows are continuous. Each row is profiled on its own (neighbouring rows of an
 * orchard are often staggered, so their sum has no period): the period is the median of the rows'
 * periods when most rows have one, and each row gets its own phase, at its gaps. Rows are numbered
 * `round((v − phasePx)/spacingPx)`.
 */
export function findPlantPeriod(
  mask: BitMask,
  rows: RowGeometry,
  minPx: number,
  maxPx: number,
  window: PixelWindow = whole(mask),
): { periodPx: number; rowPhasesPx: Map<number, number>; strength: number } | null {
  const step = stepOf(window);
  const pixels = samplePixels(mask, step, window);
  const diagonal = Math.ceil(Math.hypot(mask.width, mask.height) / step);
  const profiles = new Map<number, Float64Array>();
  for (let k = 0; k < pixels.length; k += 2) {
    const x = pixels[k] as number;
    const y = pixels[k + 1] as number;
    const v = acrossRow(rows.angle, x, y) - rows.phasePx;
    const row = Math.round(v / rows.spacingPx);
    if (Math.abs(v - row * rows.spacingPx) > rows.spacingPx / 3) continue;
    let profile = profiles.get(row);
    if (!profile) {
      profile = new Float64Array(2 * diagonal + 1);
      profiles.set(row, profile);
    }
    const u = Math.round(alongRow(rows.angle, x, y) / step) + diagonal;
    profile[u] = (profile[u] as number) + 1;
  }
  const minLag = Math.max(2, Math.floor(minPx / step));
  const maxLag = Math.ceil(maxPx / step);
  const spans = new Map<number, { span: Float64Array; first: number }>();
  const lags: number[] = [];
  const strengths: number[] = [];
  for (const [row, profile] of profiles) {
    let first = 0;
    while (first < profile.length && profile[first] === 0) first++;
    let last = profile.length - 1;
    while (last > first && profile[last] === 0) last--;
    const span = profile.subarray(first, last + 1);
    // A row needs about three periods inside the window to show one.
    if (span.length < 3 * minLag) continue;
    spans.set(row, { span, first });
    const result = bestPeriod(span, minLag, maxLag);
    if (result.lag > 0 && result.strength >= MIN_PLANT_PERIOD_STRENGTH) {
      lags.push(result.lag);
      strengths.push(result.strength);
    }
  }
  if (spans.size === 0 || lags.length * 2 < spans.size) return null;
  lags.sort((a, b) => a - b);
  strengths.sort((a, b) => a - b);
  const lag = lags[lags.length >> 1] as number;
  const rowPhasesPx = new Map<number, number>();
  for (const [row, { span, first }] of spans) {
    const folded = new Float64Array(lag);
    for (let i = 0; i < span.length; i++) folded[i % lag] = (folded[i % lag] as number) + (span[i] as number);
    // Cells are cut at the gaps: the phase is the emptiest offset.
    let gap = 0;
    for (let i = 1; i < lag; i++) if ((folded[i] as number) < (folded[gap] as number)) gap = i;
    rowPhasesPx.set(row, (first - diagonal + gap) * step);
  }
  return { periodPx: lag * step, rowPhasesPx, strength: strengths[strengths.length >> 1] as number };
}
