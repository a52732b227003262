import { type BitMask, bitCount, emptyMask, indicesOfBits } from './bit-mask.ts';

// Where a capture's plant-scale indicators are defined: the plants' outline away from the border.

/**
 * The outline pixels at least `margin` from the border (where the windows see whole plants) and
 * valid, packed, and their number.
 */
export function domainOf(
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
