import { type BitMask, dilateBits, scratchMask } from './bit-mask.ts';

/**
 * RGB canopy: how the green-dominance cut depends on the light a pixel gets, and the sunlit rims
 * grown onto the crowns. Tunables measured on the MicaSense capture's visible bands against its
 * aligned NDVI, checked by eye on the DJI park frames; documented in docs/IMAGING.md.
 *
 * Light is linear (the mean of the linear R, G, B) relative to the sunlit soil's (75th percentile
 * of the non-canopy pixels), because shadow depths are ratios of irradiance:
 * - below `deepShadeFactor`: darker than the sky lights open ground, so the sky is hidden too:
 *   the inside of a canopy (leaves shading leaves). Colour is weak there; a pixel not clearly
 *   red or blue (green dominance above `deepShadeCut`) is canopy.
 * - up to `castShadowFactor`: cast shadows on open ground, lit by the sky and by light that went
 *   through or bounced off the leaves above, which tints shaded soil green: canopy needs clear
 *   green (`castShadowCut`).
 * - above: the ordinary cut.
 * Then the 1-pixel ring around the canopy joins it when its green dominance is above `rimCut`:
 * sunlit crown rims are yellowish (below the cut) and edge pixels mix leaves with soil, while
 * NIR sees both as vegetation.
 * A pixel whose red and blue are both brighter than the sunlit soil's light is never canopy:
 * chlorophyll absorbs both, so nothing leafy is that bright in them (a white or cream vehicle, a
 * bench, rocks, the bright fringe where a lawn meets concrete).
 */
export const RGB_CANOPY = {
  deepShadeFactor: 0.18,
  castShadowFactor: 0.35,
  deepShadeCut: -0.08,
  castShadowCut: 0.02,
  rimCut: -0.08,
};

/** Per-pixel RGB planes of the canopy pass (linear light), in scratch buffers. */
export interface RgbLight {
  /** Mean of the linear R, G, B. */
  light: Float32Array;
  /** The weaker of linear red and blue. */
  redBlueMin: Float32Array;
}

/**
 * Light histogram bins over 0–1 (linear light, or reflectance; brighter pixels go to the last):
 * `floor(light · LIGHT_BINS)`, clamped (counted in canopy-index.ts; the sunlit soil is its 75th
 * percentile).
 */
export const LIGHT_BINS = 1024;

/** The sunlit soil's light and the light levels (absolute) where the shadow cuts end. */
export function shadowBands(sunlit: number): { sunlit: number; deepShade: number; castShadow: number } {
  return {
    sunlit,
    deepShade: RGB_CANOPY.deepShadeFactor * sunlit,
    castShadow: RGB_CANOPY.castShadowFactor * sunlit,
  };
}

/**
 * Adds to `canopy` (in place) the pixels of its 1-pixel ring (3 × 3) that are valid, coloured
 * (chroma at least `minChroma`), not clearly red or blue (index above `rimCut`) and absorb red or
 * blue (`redBlueMin` at most `sunlit`); the added pixels darker than `shadeCut` in `brightness` go
 * to `shaded` too. Returns how many were added.
 */
export function growCanopyRims(
  canopy: BitMask,
  shaded: BitMask,
  planes: {
    valid: Uint8Array;
    canopyIndex: Float32Array;
    chroma: Float32Array;
    brightness: Float32Array;
    redBlueMin: Float32Array;
  },
  cuts: { minChroma: number; sunlit: number; shadeCut: number },
): number {
  const { width, height, stride } = canopy;
  const { valid, canopyIndex, chroma, brightness, redBlueMin } = planes;
  const { minChroma, sunlit, shadeCut } = cuts;
  const ring = dilateBits(canopy, 1, scratchMask(canopy, 'rimRing'));
  let added = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const base = y * width;
    for (let k = 0; k < stride; k++) {
      let bits = (ring.words[row + k] as number) & ~(canopy.words[row + k] as number);
      let grown = 0;
      let dark = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const i = base + (k << 5) + 31 - Math.clz32(low);
        if (
          !valid[i] ||
          (chroma[i] as number) < minChroma ||
          (canopyIndex[i] as number) <= RGB_CANOPY.rimCut ||
          (redBlueMin[i] as number) > sunlit
        )
          continue;
        grown |= low;
        if ((brightness[i] as number) < shadeCut) dark |= low;
        added++;
      }
      canopy.words[row + k] = (canopy.words[row + k] as number) | grown;
      shaded.words[row + k] = (shaded.words[row + k] as number) | dark;
    }
  }
  return added;
}
