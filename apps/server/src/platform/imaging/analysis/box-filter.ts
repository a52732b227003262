/**
 * Sum of `source` over the (2r+1)² window around each pixel, clipped at the image border, by two
 * running-sum passes (O(1) per pixel whatever r). Row-wise vertical pass keeps memory access linear.
 */
export function boxSum(
  source: Float32Array | Uint8Array,
  width: number,
  height: number,
  r: number,
): Float32Array {
  const horizontal = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const base = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += source[base + x] as number;
    for (let x = 0; x < width; x++) {
      horizontal[base + x] = sum;
      const add = x + r + 1;
      const remove = x - r;
      if (add < width) sum += source[base + add] as number;
      if (remove >= 0) sum -= source[base + remove] as number;
    }
  }
  const out = new Float32Array(width * height);
  const column = new Float64Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) {
    const base = y * width;
    for (let x = 0; x < width; x++) column[x] = (column[x] as number) + (horizontal[base + x] as number);
  }
  for (let y = 0; y < height; y++) {
    const base = y * width;
    for (let x = 0; x < width; x++) out[base + x] = column[x] as number;
    const add = y + r + 1;
    const remove = y - r;
    if (add < height) {
      const addBase = add * width;
      for (let x = 0; x < width; x++) column[x] = (column[x] as number) + (horizontal[addBase + x] as number);
    }
    if (remove >= 0) {
      const removeBase = remove * width;
      for (let x = 0; x < width; x++)
        column[x] = (column[x] as number) - (horizontal[removeBase + x] as number);
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
