import type { MapLayer } from '../types.ts';
import { TILE_SIZE } from './web-mercator.ts';

/** One RGBA 512 × 512 buffer per layer of a tile. */
export type TileCanvas = Map<MapLayer, Uint8ClampedArray>;

export function newCanvas(layers: MapLayer[]): TileCanvas {
  return new Map(layers.map((layer) => [layer, new Uint8ClampedArray(TILE_SIZE * TILE_SIZE * 4)]));
}

export function isTransparent(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) return false;
  return true;
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
        const s = (2 * y * TILE_SIZE + 2 * x) * 4;
        const corners = [s, s + 4, s + TILE_SIZE * 4, s + TILE_SIZE * 4 + 4];
        let alpha = 0;
        let r = 0;
        let g = 0;
        let b = 0;
        for (const c of corners) {
          const a = source[c + 3] as number;
          alpha += a;
          r += (source[c] as number) * a;
          g += (source[c + 1] as number) * a;
          b += (source[c + 2] as number) * a;
        }
        if (alpha === 0) continue;
        const t = ((quadrantY * half + y) * TILE_SIZE + quadrantX * half + x) * 4;
        target[t] = r / alpha;
        target[t + 1] = g / alpha;
        target[t + 2] = b / alpha;
        target[t + 3] = alpha / 4;
      }
    }
  }
}
