import type { MapLayer } from '../types.ts';
import { TILE_SIZE } from './web-mercator.ts';

/** One RGBA 512 × 512 buffer per layer of a tile. */
export type TileCanvas = Map<MapLayer, Uint8ClampedArray>;

export function newCanvas(layers: MapLayer[]): TileCanvas {
  return new Map(layers.map((layer) => [layer, new Uint8ClampedArray(TILE_SIZE * TILE_SIZE * 4)]));
}

/** How much of a tile is painted: nothing, some pixels, or every pixel fully opaque. */
export function coverage(rgba: Uint8ClampedArray): 'empty' | 'partial' | 'full' {
  let opaque = 0;
  let transparent = 0;
  for (let i = 3; i < rgba.length; i += 4) {
    const alpha = rgba[i] as number;
    if (alpha === 255) opaque++;
    else if (alpha === 0) transparent++;
  }
  const pixels = rgba.length / 4;
  return transparent === pixels ? 'empty' : opaque === pixels ? 'full' : 'partial';
}

/**
 * Writes a child tile into its quadrant of the parent at half resolution: each parent pixel is the
 * alpha-weighted mean of 2 × 2 child pixels (transparent pixels do not darken the edges).
 */
export function downsampleInto(parent: TileCanvas, child: TileCanvas, quadrantX: number, quadrantY: number) {
  const half = TILE_SIZE / 2;
  for (const [layer, source] of child) {
    const target = parent.get(layer);
    if (!target) continue;
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
