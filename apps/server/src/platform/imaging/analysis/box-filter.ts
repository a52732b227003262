/** Running horizontal window sums of one row into `out` (three loops, no per-pixel branch). */
function rowSums(
  source: Float32Array | Uint8Array,
  base: number,
  width: number,
  r: number,
  out: Float64Array,
) {
  let sum = 0;
  const first = Math.min(r, width - 1);
  for (let x = 0; x <= first; x++) sum += source[base + x] as number;
  const leftEnd = Math.min(width, r);
  let x = 0;
  // Left edge: the window grows.
  for (; x < leftEnd && x + r + 1 < width; x++) {
    out[x] = sum;
    sum += source[base + x + r + 1] as number;
  }
  // Middle: add one, remove one.
  for (; x + r + 1 < width; x++) {
    out[x] = sum;
    sum += (source[base + x + r + 1] as number) - (source[base + x - r] as number);
  }
  // Right edge: the window shrinks.
  for (; x < width; x++) {
    out[x] = sum;
    if (x - r >= 0) sum -= source[base + x - r] as number;
  }
}

/**
 * Sum of `source` over the (2r+1)² window around each pixel, clipped at the image border, by
 * running sums (O(1) per pixel whatever r). Horizontal sums live in a ring of 2r+2 rows, so the
 * vertical pass reads them while they are still in cache.
 */
export function boxSum(
  source: Float32Array | Uint8Array,
  width: number,
  height: number,
  r: number,
): Float32Array {
  const out = new Float32Array(width * height);
  const ringSize = 2 * r + 2;
  const ring = Array.from({ length: ringSize }, () => new Float64Array(width));
  const column = new Float64Array(width);
  const rowOf = (y: number) => ring[y % ringSize] as Float64Array;
  for (let y = 0; y <= Math.min(r, height - 1); y++) {
    const row = rowOf(y);
    rowSums(source, y * width, width, r, row);
    for (let x = 0; x < width; x++) column[x] = (column[x] as number) + (row[x] as number);
  }
  for (let y = 0; y < height; y++) {
    const base = y * width;
    for (let x = 0; x < width; x++) out[base + x] = column[x] as number;
    const add = y + r + 1;
    const remove = y - r;
    if (add < height) {
      const row = rowOf(add);
      rowSums(source, add * width, width, r, row);
      if (remove >= 0) {
        const old = rowOf(remove);
        for (let x = 0; x < width; x++)
          column[x] = (column[x] as number) + (row[x] as number) - (old[x] as number);
      } else {
        for (let x = 0; x < width; x++) column[x] = (column[x] as number) + (row[x] as number);
      }
    } else if (remove >= 0) {
      const old = rowOf(remove);
      for (let x = 0; x < width; x++) column[x] = (column[x] as number) - (old[x] as number);
    }
  }
  return out;
}

/** Binary dilation with a (2r+1)² square. */
export function dilate(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  if (r <= 0) return mask.slice();
  const sums = boxSum(mask, width, height, r);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = (sums[i] as number) > 0.5 ? 1 : 0;
  return out;
}

/** Binary erosion with a (2r+1)² square; pixels beyond the border count as set (no border shrink). */
export function erode(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  if (r <= 0) return mask.slice();
  const inverted = new Uint8Array(width * height);
  for (let i = 0; i < inverted.length; i++) inverted[i] = mask[i] ? 0 : 1;
  const sums = boxSum(inverted, width, height, r);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = mask[i] && (sums[i] as number) < 0.5 ? 1 : 0;
  return out;
}

/** Morphological closing: fills gaps narrower than about 2r between canopy pixels. */
export function close(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  return erode(dilate(mask, width, height, r), width, height, r);
}
