/**
 * What a radix-2 FFT of length `n` needs besides the data: the bit-reversal swaps and, per stage,
 * the twiddle factors. The twiddles come from the same recurrence the butterflies once ran inline
 * (w ← w · step, from 1), so the transform is bit-for-bit the same, without recomputing them for
 * every block of every stage of every row.
 */
interface FftPlan {
  n: number;
  swaps: Int32Array;
  twiddleRe: Float64Array;
  twiddleIm: Float64Array;
}

const plans = new Map<number, FftPlan>();

function fftPlan(n: number, inverse: boolean): FftPlan {
  const key = inverse ? -n : n;
  const known = plans.get(key);
  if (known) return known;
  const swaps: number[] = [];
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) swaps.push(i, j);
  }
  const twiddleRe = new Float64Array(Math.max(1, n - 1));
  const twiddleIm = new Float64Array(Math.max(1, n - 1));
  let at = 0;
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const stepRe = Math.cos(angle);
    const stepIm = Math.sin(angle);
    let wRe = 1;
    let wIm = 0;
    for (let k = 0; k < size >> 1; k++) {
      twiddleRe[at + k] = wRe;
      twiddleIm[at + k] = wIm;
      const nextRe = wRe * stepRe - wIm * stepIm;
      wIm = wRe * stepIm + wIm * stepRe;
      wRe = nextRe;
    }
    at += size >> 1;
  }
  const plan = { n, swaps: Int32Array.from(swaps), twiddleRe, twiddleIm };
  plans.set(key, plan);
  return plan;
}

/** In-place iterative radix-2 FFT of the complex line `[base, base + n)` (n a power of two). */
function fftLine(re: Float64Array, im: Float64Array, base: number, plan: FftPlan): void {
  const { n, swaps, twiddleRe, twiddleIm } = plan;
  for (let s = 0; s < swaps.length; s += 2) {
    const i = base + (swaps[s] as number);
    const j = base + (swaps[s + 1] as number);
    let t = re[i] as number;
    re[i] = re[j] as number;
    re[j] = t;
    t = im[i] as number;
    im[i] = im[j] as number;
    im[j] = t;
  }
  let at = 0;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    for (let start = base; start < base + n; start += size) {
      for (let k = 0; k < half; k++) {
        const wRe = twiddleRe[at + k] as number;
        const wIm = twiddleIm[at + k] as number;
        const a = start + k;
        const b = a + half;
        const tRe = (re[b] as number) * wRe - (im[b] as number) * wIm;
        const tIm = (re[b] as number) * wIm + (im[b] as number) * wRe;
        re[b] = (re[a] as number) - tRe;
        im[b] = (im[a] as number) - tIm;
        (re[a] as number) += tRe;
        (im[a] as number) += tIm;
      }
    }
    at += half;
  }
}

function fftRows(re: Float64Array, im: Float64Array, width: number, height: number, inverse: boolean): void {
  const plan = fftPlan(width, inverse);
  for (let y = 0; y < height; y++) fftLine(re, im, y * width, plan);
}

/** Columns transformed side by side: 8 doubles, one cache line, per row of the group. */
const COLUMN_GROUP = 8;

/**
 * The FFT of every column, a group of adjacent columns at a time: each column goes through exactly
 * the butterflies of `fftLine` (the same values), while memory is walked row by row in cache lines
 * instead of transposing the grid there and back.
 */
function fftColumns(
  re: Float64Array,
  im: Float64Array,
  width: number,
  height: number,
  inverse: boolean,
): void {
  const { swaps, twiddleRe, twiddleIm } = fftPlan(height, inverse);
  for (let c0 = 0; c0 < width; c0 += COLUMN_GROUP) {
    const c1 = Math.min(width, c0 + COLUMN_GROUP);
    for (let s = 0; s < swaps.length; s += 2) {
      const rowI = (swaps[s] as number) * width;
      const rowJ = (swaps[s + 1] as number) * width;
      for (let c = c0; c < c1; c++) {
        const i = rowI + c;
        const j = rowJ + c;
        let t = re[i] as number;
        re[i] = re[j] as number;
        re[j] = t;
        t = im[i] as number;
        im[i] = im[j] as number;
        im[j] = t;
      }
    }
    let at = 0;
    for (let size = 2; size <= height; size <<= 1) {
      const half = size >> 1;
      for (let start = 0; start < height; start += size) {
        for (let k = 0; k < half; k++) {
          const wRe = twiddleRe[at + k] as number;
          const wIm = twiddleIm[at + k] as number;
          const rowA = (start + k) * width;
          const rowB = rowA + half * width;
          for (let c = c0; c < c1; c++) {
            const a = rowA + c;
            const b = rowB + c;
            const tRe = (re[b] as number) * wRe - (im[b] as number) * wIm;
            const tIm = (re[b] as number) * wIm + (im[b] as number) * wRe;
            re[b] = (re[a] as number) - tRe;
            im[b] = (im[a] as number) - tIm;
            (re[a] as number) += tRe;
            (im[a] as number) += tIm;
          }
        }
      }
      at += half;
    }
  }
}

/** 2-D FFT of a `width × height` complex grid stored row-major (both powers of two). */
export function fft2d(
  re: Float64Array,
  im: Float64Array,
  width: number,
  height: number,
  inverse = false,
): void {
  fftRows(re, im, width, height, inverse);
  fftColumns(re, im, width, height, inverse);
}

export function nextPowerOfTwo(value: number): number {
  let size = 1;
  while (size < value) size <<= 1;
  return size;
}

export interface Spectrum {
  re: Float64Array;
  im: Float64Array;
  width: number;
  height: number;
}

/** A `w × h` window of an image whose rows are `imageWidth` long, at (`x0`, `y0`). */
export interface ImageWindow {
  image: Float32Array;
  imageWidth: number;
  x0: number;
  y0: number;
}

/**
 * Writes the window zero-mean and Hann-tapered (so the image border does not dominate) into the
 * first `w` of every `padWidth` values of `target`, which holds zeros elsewhere.
 */
function taperInto(target: Float64Array, window: ImageWindow, w: number, h: number, padWidth: number): void {
  const { image, imageWidth, x0, y0 } = window;
  let mean = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) mean += image[(y0 + y) * imageWidth + x0 + x] as number;
  mean /= w * h;
  const hannX = new Float64Array(w);
  for (let x = 0; x < w; x++) hannX[x] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (x + 0.5)) / w);
  for (let y = 0; y < h; y++) {
    const wy = 0.5 - 0.5 * Math.cos((2 * Math.PI * (y + 0.5)) / h);
    const source = (y0 + y) * imageWidth + x0;
    const row = y * padWidth;
    for (let x = 0; x < w; x++)
      target[row + x] = ((image[source + x] as number) - mean) * (hannX[x] as number) * wy;
  }
}

/**
 * Spectrum of a window of `image` (zero-mean, Hann-tapered so the image border does not dominate),
 * zero-padded to powers of two.
 */
export function windowSpectrum(
  image: Float32Array,
  imageWidth: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
  padWidth = nextPowerOfTwo(w),
  padHeight = nextPowerOfTwo(h),
): Spectrum {
  const re = new Float64Array(padWidth * padHeight);
  const im = new Float64Array(padWidth * padHeight);
  taperInto(re, { image, imageWidth, x0, y0 }, w, h, padWidth);
  fft2d(re, im, padWidth, padHeight);
  return { re, im, width: padWidth, height: padHeight };
}

/**
 * The spectra of two `w × h` windows (as `windowSpectrum` makes them) from one complex FFT: `a` in
 * the real part, `b` in the imaginary, told apart by the symmetry of real signals' spectra,
 * A[k] = (Z[k] + conj Z[−k])/2 and B[k] = (Z[k] − conj Z[−k])/2i. One transform instead of two;
 * the same spectra up to rounding.
 */
export function windowSpectra(a: ImageWindow, b: ImageWindow, w: number, h: number): [Spectrum, Spectrum] {
  const width = nextPowerOfTwo(w);
  const height = nextPowerOfTwo(h);
  const re = new Float64Array(width * height);
  const im = new Float64Array(width * height);
  taperInto(re, a, w, h, width);
  taperInto(im, b, w, h, width);
  fft2d(re, im, width, height);
  // A goes where Z was (each mirror pair k, m read before either is written), B into new arrays.
  const second = {
    re: new Float64Array(width * height),
    im: new Float64Array(width * height),
    width,
    height,
  };
  for (let v = 0; v < height; v++) {
    const mirrorRow = ((height - v) % height) * width;
    for (let u = 0; u < width; u++) {
      const k = v * width + u;
      const m = mirrorRow + ((width - u) % width);
      if (m < k) continue;
      const kRe = re[k] as number;
      const kIm = im[k] as number;
      const mRe = re[m] as number;
      const mIm = im[m] as number;
      re[k] = (kRe + mRe) / 2;
      im[k] = (kIm - mIm) / 2;
      re[m] = (mRe + kRe) / 2;
      im[m] = (mIm - kIm) / 2;
      second.re[k] = (kIm + mIm) / 2;
      second.im[k] = (mRe - kRe) / 2;
      second.re[m] = (mIm + kIm) / 2;
      second.im[m] = (kRe - mRe) / 2;
    }
  }
  const first = { re, im, width, height };
  return [first, second];
}

export interface PhaseShift {
  /** Shift that maps `reference` onto `moving`: moving(x + dx, y + dy) ≈ reference(x, y). */
  dx: number;
  dy: number;
  /** Height of the normalised correlation peak (0–1): how trustworthy the shift is. */
  peak: number;
}

// The cross-power spectra of phaseCorrelate, reused from call to call (fully overwritten each time).
let correlationRe = new Float64Array(0);
let correlationIm = new Float64Array(0);

function correlationBuffers(size: number): [Float64Array, Float64Array] {
  if (correlationRe.length < size) {
    correlationRe = new Float64Array(size);
    correlationIm = new Float64Array(size);
  }
  return [correlationRe.subarray(0, size), correlationIm.subarray(0, size)];
}

/**
 * The normalised cross-power spectrum moving × conj(reference) at `i` (the correlation then peaks
 * at the shift of moving relative to reference), into `out[0..1]`.
 */
function crossPower(reference: Spectrum, moving: Spectrum, i: number, out: Float64Array): void {
  const pr =
    (moving.re[i] as number) * (reference.re[i] as number) +
    (moving.im[i] as number) * (reference.im[i] as number);
  const pi =
    (moving.im[i] as number) * (reference.re[i] as number) -
    (moving.re[i] as number) * (reference.im[i] as number);
  // √(pr² + pi²): Math.hypot guards against overflow these magnitudes never reach, at several
  // times the cost.
  const magnitude = Math.sqrt(pr * pr + pi * pi) + 1e-12;
  out[0] = pr / magnitude;
  out[1] = pi / magnitude;
}

const power = new Float64Array(2);

/** The correlation surface's peak, refined to a sub-pixel by parabolas, as a shift. */
function peakShift(surface: Float64Array, width: number, height: number): PhaseShift {
  let best = 0;
  for (let i = 1; i < surface.length; i++) if ((surface[i] as number) > (surface[best] as number)) best = i;
  const px = best % width;
  const py = Math.floor(best / width);
  const at = (x: number, y: number): number =>
    surface[((y + height) % height) * width + ((x + width) % width)] as number;
  const subpixel = (left: number, centre: number, right: number) => {
    const denominator = left - 2 * centre + right;
    return denominator < 0 ? (0.5 * (left - right)) / denominator : 0;
  };
  const c = at(px, py);
  let dx = px + subpixel(at(px - 1, py), c, at(px + 1, py));
  let dy = py + subpixel(at(px, py - 1), c, at(px, py + 1));
  if (dx > width / 2) dx -= width;
  if (dy > height / 2) dy -= height;
  return { dx, dy, peak: c / (width * height) };
}

/**
 * Phase correlation (Kuglin & Hines 1975): the inverse FFT of the normalised cross-power spectrum
 * peaks at the translation between two images, whatever their contrast, with a parabolic
 * sub-pixel refinement of the peak.
 */
export function phaseCorrelate(reference: Spectrum, moving: Spectrum): PhaseShift {
  const { width, height } = reference;
  const [re, im] = correlationBuffers(width * height);
  for (let i = 0; i < re.length; i++) {
    crossPower(reference, moving, i, power);
    re[i] = power[0] as number;
    im[i] = power[1] as number;
  }
  fft2d(re, im, width, height, true);
  return peakShift(re, width, height);
}

/**
 * Two phase correlations (of spectra of one size) from one inverse FFT: each cross-power spectrum
 * is that of real images, so its inverse is real, and the inverse of P₁ + i·P₂ holds the first
 * surface in its real part and the second in its imaginary part. The same shifts as two
 * `phaseCorrelate` calls up to rounding.
 */
export function phaseCorrelatePair(
  first: [reference: Spectrum, moving: Spectrum],
  second: [reference: Spectrum, moving: Spectrum],
): [PhaseShift, PhaseShift] {
  const { width, height } = first[0];
  const [re, im] = correlationBuffers(width * height);
  for (let i = 0; i < re.length; i++) {
    crossPower(first[0], first[1], i, power);
    const firstRe = power[0] as number;
    const firstIm = power[1] as number;
    crossPower(second[0], second[1], i, power);
    re[i] = firstRe - (power[1] as number);
    im[i] = firstIm + (power[0] as number);
  }
  fft2d(re, im, width, height, true);
  return [peakShift(re, width, height), peakShift(im, width, height)];
}
