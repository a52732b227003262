import type { MapLayer } from '../types.ts';
import { TILE_SIZE } from './web-mercator.ts';

/** One RGBA 512 × 512 buffer per layer of a tile. */
export type TileCanvas = Map<MapLayer, Uint8ClampedArray>;

const TILE_BYTES = TILE_SIZE * TILE_SIZE * 4;

/**
 * Reused tile buffers: a pyramid needs a few per level at a time, and allocating (and collecting)
 * a fresh megabyte per layer of every tile was a fifth of the tiles' CPU time.
 */
export class CanvasPool {
  private readonly free: Uint8ClampedArray[] = [];

  /** A fully transparent buffer. */
  take(): Uint8ClampedArray {
    const reused = this.free.pop();
    return reused ? reused.fill(0) : new Uint8ClampedArray(TILE_BYTES);
  }

  give(buffer: Uint8ClampedArray) {
    this.free.push(buffer);
  }
}

export function newCanvas(layers: MapLayer[], pool?: CanvasPool): TileCanvas {
  return new Map(layers.map((layer) => [layer, pool ? pool.take() : new Uint8ClampedArray(TILE_BYTES)]));
}

export type Coverage = 'empty' | 'partial' | 'full';

/** How much of a tile is painted: nothing, some pixels, or every pixel fully opaque. */
export function coverage(rgba: Uint8ClampedArray): Coverage {
  let opaque = false;
  let transparent = false;
  for (let i = 3; i < rgba.length; i += 4) {
    const alpha = rgba[i] as number;
    // Any translucent pixel, or both kinds: the rest of the scan cannot change the answer.
    if (alpha === 255) {
      if (transparent) return 'partial';
      opaque = true;
    } else if (alpha === 0) {
      if (opaque) return 'partial';
      transparent = true;
    } else return 'partial';
  }
  return opaque ? 'full' : 'empty';
}

/**
 * Writes a child tile into its quadrant of the parent at half resolution: each parent pixel is the
 * alpha-weighted mean of 2 × 2 child pixels (transparent pixels do not darken the edges).
 */
export function downsampleInto(
  parent: TileCanvas,
  child: TileCanvas,
  quadrantX: number,
  quadrantY: number,
  take: () => Uint8ClampedArray,
  opaque: (layer: MapLayer) => boolean = () => false,
) {
  const half = TILE_SIZE / 2;
  for (const [layer, source] of child) {
    let target = parent.get(layer);
    if (!target) {
      target = take();
      parent.set(layer, target);
    }
    const row = opaque(layer) ? opaqueRow : weightedRow;
    for (let y = 0; y < half; y++)
      row(target, source, 2 * y * TILE_SIZE * 4, ((quadrantY * half + y) * TILE_SIZE + quadrantX * half) * 4);
  }
}

/*
 * One parent row each, a function of its own: as the inner loop of a loop over rows, V8 ran them
 * as on-stack-replaced code that was dropped each time the inner loop ended (two deoptimisations
 * per tile, ~110 a Seneca tile set), as `paintRow` was in photo-mosaic.ts.
 */

/** Alpha-weighted means of a child row pair (from byte `s`) into a parent row (from byte `t`). */
function weightedRow(target: Uint8ClampedArray, source: Uint8ClampedArray, s: number, t: number) {
  const half = TILE_SIZE / 2;
  const below = TILE_SIZE * 4;
  for (let x = 0; x < half; x++, s += 8, t += 4) {
    // The four child pixels, in the order top-left, top-right, bottom-left, bottom-right.
    const s1 = s + 4;
    const s2 = s + below;
    const s3 = s2 + 4;
    const a0 = source[s + 3] as number;
    const a1 = source[s1 + 3] as number;
    const a2 = source[s2 + 3] as number;
    const a3 = source[s3 + 3] as number;
    const alpha = a0 + a1 + a2 + a3;
    if (alpha === 0) continue;
    const r =
      (source[s] as number) * a0 +
      (source[s1] as number) * a1 +
      (source[s2] as number) * a2 +
      (source[s3] as number) * a3;
    const g =
      (source[s + 1] as number) * a0 +
      (source[s1 + 1] as number) * a1 +
      (source[s2 + 1] as number) * a2 +
      (source[s3 + 1] as number) * a3;
    const b =
      (source[s + 2] as number) * a0 +
      (source[s1 + 2] as number) * a1 +
      (source[s2 + 2] as number) * a2 +
      (source[s3 + 2] as number) * a3;
    target[t] = r / alpha;
    target[t + 1] = g / alpha;
    target[t + 2] = b / alpha;
    target[t + 3] = alpha / 4;
  }
}

/** `weightedRow` for a child without transparent pixels: the plain mean (the same values). */
function opaqueRow(target: Uint8ClampedArray, source: Uint8ClampedArray, s: number, t: number) {
  const half = TILE_SIZE / 2;
  const below = TILE_SIZE * 4;
  for (let x = 0; x < half; x++, s += 8, t += 4) {
    target[t] =
      ((source[s] as number) +
        (source[s + 4] as number) +
        (source[s + below] as number) +
        (source[s + below + 4] as number)) /
      4;
    target[t + 1] =
      ((source[s + 1] as number) +
        (source[s + 5] as number) +
        (source[s + below + 1] as number) +
        (source[s + below + 5] as number)) /
      4;
    target[t + 2] =
      ((source[s + 2] as number) +
        (source[s + 6] as number) +
        (source[s + below + 2] as number) +
        (source[s + below + 6] as number)) /
      4;
    target[t + 3] = 255;
  }
}
