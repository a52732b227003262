import { scratchInt32 } from './scratch.ts';

/**
 * Binary masks packed 32 pixels to a word (bit j of word k of a row is pixel 32k + j), for the
 * square-window morphology of the canopy: a dilation is a few shifted ORs per word instead of a
 * window count per pixel. Bits past the row's width are always 0.
 */
export interface BitMask {
  width: number;
  height: number;
  /** Words per row. */
  stride: number;
  words: Int32Array;
}

export function emptyMask(width: number, height: number): BitMask {
  const stride = Math.ceil(width / 32);
  return { width, height, stride, words: new Int32Array(stride * height) };
}

const emptyLike = (mask: { width: number; height: number }) => emptyMask(mask.width, mask.height);

/**
 * A mask of `mask`'s size in a scratch buffer (scratch.ts), not zeroed, for intermediates that are
 * fully written before being read and dropped before the next use of `name`: a fresh mask per
 * morphology step was ~11 MB of new memory per photo and phase (page faults, full collections).
 */
export function scratchMask(mask: BitMask, name: string): BitMask {
  const { width, height, stride } = mask;
  return { width, height, stride, words: scratchInt32(name, stride * height) };
}

/** Set bits of a 32-bit word (population count). */
export function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** Set pixels of a mask. */
export function countBits(mask: BitMask): number {
  let count = 0;
  for (let i = 0; i < mask.words.length; i++) count += bitCount(mask.words[i] as number);
  return count;
}

/** Pixel indices (y·width + x) of the set bits in scan order; `count` is their number. */
export function indicesOfBits(mask: BitMask, count = countBits(mask)): Int32Array {
  const { width, height, stride, words } = mask;
  const out = new Int32Array(count);
  let at = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const base = y * width;
    for (let k = 0; k < stride; k++) {
      let word = words[row + k] as number;
      while (word !== 0) {
        out[at++] = base + (k << 5) + 31 - Math.clz32(word & -word);
        word &= word - 1;
      }
    }
  }
  return out;
}

/** Whether pixel (x, y) is set. */
export function hasBit(mask: BitMask, x: number, y: number): boolean {
  return (((mask.words[y * mask.stride + (x >> 5)] as number) >>> (x & 31)) & 1) !== 0;
}

/** Packs a 0/1 byte mask. */
export function packMask(bytes: Uint8Array, width: number, height: number): BitMask {
  const out = emptyLike({ width, height });
  const { stride, words } = out;
  for (let y = 0; y < height; y++) {
    const base = y * width;
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      if (bytes[base + x]) words[row + (x >> 5)] = (words[row + (x >> 5)] as number) | (1 << (x & 31));
    }
  }
  return out;
}

/** Unpacks to a 0/1 byte mask (into `out` when given, every byte written). */
export function unpackMask(
  mask: BitMask,
  out: Uint8Array = new Uint8Array(mask.width * mask.height),
): Uint8Array {
  const { width, height, stride, words } = mask;
  for (let y = 0; y < height; y++) {
    const base = y * width;
    const row = y * stride;
    for (let x = 0; x < width; x++) out[base + x] = ((words[row + (x >> 5)] as number) >>> (x & 31)) & 1;
  }
  return out;
}

/** Word k of `source`'s row shifted by `d` pixels toward higher x (d may be negative); 0 past the ends. */
function shiftedWord(source: Int32Array, row: number, stride: number, k: number, d: number): number {
  if (d === 0) return source[row + k] as number;
  if (d > 0) {
    const q = d >> 5;
    const s = d & 31;
    const a = k - q;
    const hi = a >= 0 ? (source[row + a] as number) : 0;
    if (s === 0) return hi;
    const lo = a - 1 >= 0 ? (source[row + a - 1] as number) : 0;
    return (hi << s) | (lo >>> (32 - s));
  }
  const e = -d;
  const q = e >> 5;
  const s = e & 31;
  const a = k + q;
  const lo = a < stride ? (source[row + a] as number) : 0;
  if (s === 0) return lo;
  const hi = a + 1 < stride ? (source[row + a + 1] as number) : 0;
  return (lo >>> s) | (hi << (32 - s));
}

/** Clears the padding bits past the width in every row's last word. */
function clearPadding(mask: BitMask) {
  const tail = mask.width & 31;
  if (tail === 0) return;
  const keep = (1 << tail) - 1;
  const { stride, words, height } = mask;
  for (let y = 0; y < height; y++) {
    const last = y * stride + stride - 1;
    words[last] = (words[last] as number) & keep;
  }
}

/**
 * Dilation by the (2r+1)² square, clipped at the border (nothing comes from outside the image):
 * an OR of the 2r+1 horizontal shifts of each row, then of the 2r+1 rows around each row. Every
 * shift is of the original row (not chained), which keeps the clipping exact. Into `out` when
 * given (every word written); the horizontal pass in a scratch mask.
 */
export function dilateBits(mask: BitMask, r: number, out: BitMask = emptyLike(mask)): BitMask {
  const { stride, height } = mask;
  const across = scratchMask(mask, 'dilateAcross');
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let k = 0; k < stride; k++) {
      let word = mask.words[row + k] as number;
      for (let d = 1; d <= r; d++) {
        word |= shiftedWord(mask.words, row, stride, k, d) | shiftedWord(mask.words, row, stride, k, -d);
      }
      across.words[row + k] = word;
    }
  }
  clearPadding(across);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const first = Math.max(0, y - r) * stride;
    const last = Math.min(height - 1, y + r) * stride;
    for (let k = 0; k < stride; k++) {
      let word = 0;
      for (let other = first; other <= last; other += stride) word |= across.words[other + k] as number;
      out.words[row + k] = word;
    }
  }
  return out;
}

/** The complement inside the image (padding stays 0). */
export function invertBits(mask: BitMask, out: BitMask = emptyLike(mask)): BitMask {
  for (let i = 0; i < out.words.length; i++) out.words[i] = ~(mask.words[i] as number);
  clearPadding(out);
  return out;
}

/** a AND b, or a AND NOT b. */
export function andBits(a: BitMask, b: BitMask, negateB = false, out: BitMask = emptyLike(a)): BitMask {
  const flip = negateB ? -1 : 0;
  for (let i = 0; i < out.words.length; i++)
    out.words[i] = (a.words[i] as number) & ((b.words[i] as number) ^ flip);
  return out;
}

export function orBits(a: BitMask, b: BitMask, out: BitMask = emptyLike(a)): BitMask {
  for (let i = 0; i < out.words.length; i++) out.words[i] = (a.words[i] as number) | (b.words[i] as number);
  return out;
}

/**
 * Erosion by the (2r+1)² square; pixels beyond the border count as set (no border shrink). Into
 * `out` when given (every word written).
 */
export function erodeBits(mask: BitMask, r: number, out: BitMask = emptyLike(mask)): BitMask {
  if (r <= 0) {
    out.words.set(mask.words);
    return out;
  }
  const inverse = invertBits(mask, scratchMask(mask, 'erodeInverse'));
  return andBits(mask, dilateBits(inverse, r, scratchMask(mask, 'erodeGrown')), true, out);
}

/** Closing: fills gaps narrower than about 2r (into `out` when given). */
export function closeBits(mask: BitMask, r: number, out?: BitMask): BitMask {
  return erodeBits(dilateBits(mask, r, scratchMask(mask, 'closeGrown')), r, out);
}
