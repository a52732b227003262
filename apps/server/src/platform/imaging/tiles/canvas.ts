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
    if (opaque(layer)) {
      downsampleOpaque(target, source, quadrantX, quadrantY);
      continue;
    }
    for (let y = 0; y < half; y++) {
      for (let x = 0; x < half; x++) {
        // The four child pixels, in the order top-left, top-right, bottom-left, bottom-right.
        const s0 = (2 * y * TILE_SIZE + 2 * x) * 4;
        const s1 = s0 + 4;
        const s2 = s0 + TILE_SIZE * 4;
        const s3 = s2 + 4;
        const a0 = source[s0 + 3] as number;
        const a1 = source[s1 + 3] as number;
        const a2 = source[s2 + 3] as number;
        const a3 = source[s3 + 3] as number;
        const alpha = a0 + a1 + a2 + a3;
        if (alpha === 0) continue;
        const r =
          (source[s0] as number) * a0 +
          (source[s1] as number) * a1 +
          (source[s2] as number) * a2 +
          (source[s3] as number) * a3;
        const g =
          (source[s0 + 1] as number) * a0 +
          (source[s1 + 1] as number) * a1 +
          (source[s2 + 1] as number) * a2 +
          (source[s3 + 1] as number) * a3;
        const b =
          (source[s0 + 2] as number) * a0 +
          (source[s1 + 2] as number) * a1 +
          (source[s2 + 2] as number) * a2 +
          (source[s3 + 2] as number) * a3;
        const t = ((quadrantY * half + y) * TILE_SIZE + quadrantX * half + x) * 4;
        target[t] = r / alpha;
        target[t + 1] = g / alpha;
        target[t + 2] = b / alpha;
        target[t + 3] = alpha / 4;
      }
    }
  }
}

/** `downsampleInto` for a child without transparent pixels: the plain mean (the same values). */
function downsampleOpaque(
  target: Uint8ClampedArray,
  source: Uint8ClampedArray,
  quadrantX: number,
  quadrantY: number,
) {
  const half = TILE_SIZE / 2;
  const row = TILE_SIZE * 4;
  for (let y = 0; y < half; y++) {
    let s = 2 * y * row;
    let t = ((quadrantY * half + y) * TILE_SIZE + quadrantX * half) * 4;
    for (let x = 0; x < half; x++, s += 8, t += 4) {
      target[t] =
        ((source[s] as number) +
          (source[s + 4] as number) +
          (source[s + row] as number) +
          (source[s + row + 4] as number)) /
        4;
      target[t + 1] =
        ((source[s + 1] as number) +
          (source[s + 5] as number) +
          (source[s + row + 1] as number) +
          (source[s + row + 5] as number)) /
        4;
      target[t + 2] =
        ((source[s + 2] as number) +
          (source[s + 6] as number) +
          (source[s + row + 2] as number) +
          (source[s + row + 6] as number)) /
        4;
      target[t + 3] = 255;
    }
  }
}
