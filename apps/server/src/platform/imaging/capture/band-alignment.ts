import {
  type PhaseShift,
  phaseCorrelate,
  phaseCorrelatePair,
  type Spectrum,
  windowSpectra,
  windowSpectrum,
} from './phase-correlation.ts';

/**
 * Similarity transform from reference-band pixels p to another band's pixels q:
 * q.x = a·p.x − b·p.y + tx, q.y = b·p.x + a·p.y + ty (scale √(a²+b²), rotation atan2(b, a)).
 */
export interface BandTransform {
  a: number;
  b: number;
  tx: number;
  ty: number;
  /** Blocks that agreed on the fit (0 when only the global translation could be measured). */
  blocks: number;
  /** Root-mean-square residual of the block fit, pixels. */
  residualPx: number;
}

/** Gradient magnitude: edges line up across bands even where the bands' contrasts invert (red vs NIR). */
function gradientMagnitude(image: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) gradientRow(image, width, out, y);
  return out;
}

/*
 * The per-row functions below each run one image row of a pass that is called a few times a band,
 * never hot itself: as its inner loop they ran on-stack-replaced, and V8 dropped that code at
 * every row's end (hundreds of deoptimisations a capture, and the outer loop interpreted).
 */

function gradientRow(image: Float32Array, width: number, out: Float32Array, y: number) {
  for (let x = 1; x < width - 1; x++) {
    const i = y * width + x;
    const gx = (image[i + 1] as number) - (image[i - 1] as number);
    const gy = (image[i + width] as number) - (image[i - width] as number);
    out[i] = Math.sqrt(gx * gx + gy * gy);
  }
}

function halve(image: Float32Array, width: number, height: number) {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) halveRow(image, width, out, w, y);
  return { image: out, width: w, height: h };
}

/** Row `y` of the halved image: each pixel the mean of 2 × 2. */
function halveRow(image: Float32Array, width: number, out: Float32Array, w: number, y: number) {
  for (let x = 0; x < w; x++) {
    const i = 2 * y * width + 2 * x;
    out[y * w + x] =
      ((image[i] as number) +
        (image[i + 1] as number) +
        (image[i + width] as number) +
        (image[i + width + 1] as number)) /
      4;
  }
}

const BLOCK = 256;
const GRID = 3;
const MIN_BLOCK_PEAK = 0.02;

/**
 * The reference band's side of the registration, computed once per capture and shared by every
 * band registered onto it: its gradient and the spectrum of its reduced gradient (`globalImage`).
 * Its blocks' spectra come with each band's (`windowSpectra`: one transform for the pair), as
 * their positions follow each band's offset.
 */
export interface ReferenceBand {
  width: number;
  height: number;
  gradient: Float32Array;
  global: Spectrum;
}

/** Whether the blocks refine the global shift (the band is at least two blocks each way). */
const refinedByBlocks = (width: number, height: number) => width >= BLOCK * 2 && height >= BLOCK * 2;

/**
 * The gradient reduced for the global correlation: to a quarter when the blocks refine its shift
 * (they search ±16 px; the quarter is right to ±2, and a 1280 × 960 band's global spectra then
 * hold 512 × 256 points instead of 1024 × 512), else to a half (the global shift is the answer).
 */
function globalImage(gradient: Float32Array, width: number, height: number) {
  const half = halve(gradient, width, height);
  if (!refinedByBlocks(width, height)) return { ...half, scale: 2 };
  return { ...halve(half.image, half.width, half.height), scale: 4 };
}

export function prepareReference(reference: Float32Array, width: number, height: number): ReferenceBand {
  const gradient = gradientMagnitude(reference, width, height);
  const reduced = globalImage(gradient, width, height);
  return {
    width,
    height,
    gradient,
    global: windowSpectrum(reduced.image, reduced.width, 0, 0, reduced.width, reduced.height),
  };
}

/**
 * The shift of each block of the band against the same block of the reference: the two blocks'
 * spectra from one transform, and two blocks' correlations from one inverse transform.
 */
function blockShifts(
  reference: ReferenceBand,
  bandGradient: Float32Array,
  blocks: { rx: number; ry: number; bx: number; by: number }[],
): PhaseShift[] {
  const { width, gradient } = reference;
  const spectra = (block: (typeof blocks)[number]) =>
    windowSpectra(
      { image: gradient, imageWidth: width, x0: block.rx, y0: block.ry },
      { image: bandGradient, imageWidth: width, x0: block.bx, y0: block.by },
      BLOCK,
      BLOCK,
    );
  // Two blocks at a time: their four spectra (4 MB) are dropped before the next two are made.
  const shifts: PhaseShift[] = [];
  for (let k = 0; k < blocks.length; k += 2) {
    const first = spectra(blocks[k] as (typeof blocks)[number]);
    const next = blocks[k + 1];
    if (next) shifts.push(...phaseCorrelatePair(first, spectra(next)));
    else shifts.push(phaseCorrelate(...first));
  }
  return shifts;
}

/**
 * Estimates where `band` sits relative to `reference` (both `width × height`; pass a
 * `prepareReference` result when several bands are registered onto one reference): a global phase
 * correlation of reduced gradient images (`globalImage`), then phase correlation of a 3 × 3 grid of
 * 256-px blocks at full resolution, and a least-squares similarity fit to the block shifts, so
 * the small scale and rotation differences between lenses are corrected as well as the offset.
 */
export function estimateBandTransform(
  reference: Float32Array | ReferenceBand,
  band: Float32Array,
  width: number,
  height: number,
): BandTransform {
  const prepared = reference instanceof Float32Array ? prepareReference(reference, width, height) : reference;
  const bandGradient = gradientMagnitude(band, width, height);
  const bandReduced = globalImage(bandGradient, width, height);
  const global = phaseCorrelate(
    prepared.global,
    windowSpectrum(bandReduced.image, bandReduced.width, 0, 0, bandReduced.width, bandReduced.height),
  );
  const gx = global.dx * bandReduced.scale;
  const gy = global.dy * bandReduced.scale;
  const translation: BandTransform = { a: 1, b: 0, tx: gx, ty: gy, blocks: 0, residualPx: 0 };
  if (!refinedByBlocks(width, height)) return translation;

  const blocks: { rx: number; ry: number; bx: number; by: number }[] = [];
  for (let row = 0; row < GRID; row++) {
    for (let col = 0; col < GRID; col++) {
      const rx = spreadBlock(width, gx, col);
      const ry = spreadBlock(height, gy, row);
      const bx = Math.round(rx + gx);
      const by = Math.round(ry + gy);
      if (bx < 0 || by < 0 || bx + BLOCK > width || by + BLOCK > height) continue;
      blocks.push({ rx, ry, bx, by });
    }
  }
  const pairs: { px: number; py: number; qx: number; qy: number }[] = [];
  const centre = BLOCK / 2;
  blockShifts(prepared, bandGradient, blocks).forEach((local, k) => {
    if (local.peak < MIN_BLOCK_PEAK || Math.abs(local.dx) > 16 || Math.abs(local.dy) > 16) return;
    const { rx, ry, bx, by } = blocks[k] as (typeof blocks)[number];
    pairs.push({ px: rx + centre, py: ry + centre, qx: bx + centre + local.dx, qy: by + centre + local.dy });
  });
  if (pairs.length < 3) return translation;
  let fit = fitSimilarity(pairs);
  // One pass of outlier rejection: drop blocks more than 2 px off the first fit.
  const inliers = pairs.filter((pair) => residual(fit, pair) < 2);
  if (inliers.length >= 3 && inliers.length < pairs.length) fit = fitSimilarity(inliers);
  return fit;
}

/**
 * Where block `index` of GRID starts along a side of `side` pixels: spread over the positions whose
 * block, shifted by `shift`, stays inside the band. Spread over the whole side, the far column or
 * row fell outside whenever the lenses were offset at all (the Fresno capture's bands sit 2–15 px
 * apart), and the similarity was fitted on 4 blocks in one corner and extrapolated to the rest:
 * its round trip band → band → band missed by 1 px (median) and up to 3.7 px at the corners.
 */
function spreadBlock(side: number, shift: number, index: number): number {
  const first = Math.max(0, Math.ceil(-shift));
  const last = Math.min(side - BLOCK, Math.floor(side - BLOCK - shift));
  if (last < first) return Math.round(((side - BLOCK) * index) / (GRID - 1));
  return Math.round(first + ((last - first) * index) / (GRID - 1));
}

function residual(t: BandTransform, p: { px: number; py: number; qx: number; qy: number }) {
  const x = t.a * p.px - t.b * p.py + t.tx;
  const y = t.b * p.px + t.a * p.py + t.ty;
  return Math.hypot(x - p.qx, y - p.qy);
}

function fitSimilarity(pairs: { px: number; py: number; qx: number; qy: number }[]): BandTransform {
  const n = pairs.length;
  const mpx = pairs.reduce((s, p) => s + p.px, 0) / n;
  const mpy = pairs.reduce((s, p) => s + p.py, 0) / n;
  const mqx = pairs.reduce((s, p) => s + p.qx, 0) / n;
  const mqy = pairs.reduce((s, p) => s + p.qy, 0) / n;
  let sxx = 0;
  let sab = 0;
  let sbb = 0;
  for (const p of pairs) {
    const x = p.px - mpx;
    const y = p.py - mpy;
    const u = p.qx - mqx;
    const v = p.qy - mqy;
    sxx += x * x + y * y;
    sab += x * u + y * v;
    sbb += x * v - y * u;
  }
  const a = sxx > 0 ? sab / sxx : 1;
  const b = sxx > 0 ? sbb / sxx : 0;
  const fit: BandTransform = {
    a,
    b,
    tx: mqx - (a * mpx - b * mpy),
    ty: mqy - (b * mpx + a * mpy),
    blocks: n,
    residualPx: 0,
  };
  fit.residualPx = Math.sqrt(pairs.reduce((s, p) => s + residual(fit, p) ** 2, 0) / n);
  return fit;
}

/** Resamples `band` onto the reference grid (bilinear); `valid` marks pixels the band covers. */
export function warpToReference(
  band: Float32Array,
  width: number,
  height: number,
  t: BandTransform,
  valid: Uint8Array,
): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) warpRow(band, width, height, t, valid, out, y);
  return out;
}

/** Row `y` of `warpToReference` (see `gradientRow` for why a function of its own). */
function warpRow(
  band: Float32Array,
  width: number,
  height: number,
  t: BandTransform,
  valid: Uint8Array,
  out: Float32Array,
  y: number,
) {
  for (let x = 0; x < width; x++) {
    const qx = t.a * x - t.b * y + t.tx;
    const qy = t.b * x + t.a * y + t.ty;
    const x0 = Math.floor(qx);
    const y0 = Math.floor(qy);
    const i = y * width + x;
    if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
      valid[i] = 0;
      continue;
    }
    const fx = qx - x0;
    const fy = qy - y0;
    const j = y0 * width + x0;
    const top = (band[j] as number) + ((band[j + 1] as number) - (band[j] as number)) * fx;
    const bottom =
      (band[j + width] as number) + ((band[j + width + 1] as number) - (band[j + width] as number)) * fx;
    out[i] = top + (bottom - top) * fy;
  }
}
