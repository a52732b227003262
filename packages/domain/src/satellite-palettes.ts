import type { SatelliteIndex } from './constants.ts';

/** A colour ramp: values between stops are interpolated, values beyond the ends take the end colour. */
export type ColourStop = readonly [value: number, rgb: readonly [number, number, number]];

/**
 * The index images' colours, shared by the server that draws them and the web legend. Vegetation
 * indices on ColorBrewer's RdYlGn (bare soil red, dense canopy green); NDWI on BrBG (dry brown, wet
 * teal); the change between two dates on a diverging red–yellow–green scale centred on no change.
 */
export const INDEX_PALETTES: Record<SatelliteIndex | 'change', readonly ColourStop[]> = {
  ndvi: [
    [0, [165, 0, 38]],
    [0.2, [244, 109, 67]],
    [0.4, [254, 224, 139]],
    [0.6, [166, 217, 106]],
    [0.8, [26, 152, 80]],
    [1, [0, 104, 55]],
  ],
  evi2: [
    [0, [165, 0, 38]],
    [0.15, [244, 109, 67]],
    [0.3, [254, 224, 139]],
    [0.45, [166, 217, 106]],
    [0.6, [26, 152, 80]],
    [0.8, [0, 104, 55]],
  ],
  ndwi: [
    [-0.4, [140, 81, 10]],
    [-0.15, [223, 194, 125]],
    [0, [245, 245, 245]],
    [0.15, [128, 205, 193]],
    [0.4, [1, 102, 94]],
  ],
  change: [
    [-0.3, [215, 25, 28]],
    [-0.1, [253, 174, 97]],
    [0, [255, 255, 191]],
    [0.1, [166, 217, 106]],
    [0.3, [26, 150, 65]],
  ],
};

/** The colour of a value on a ramp. */
export function colourAt(stops: readonly ColourStop[], value: number): [number, number, number] {
  const first = stops[0] as ColourStop;
  const last = stops.at(-1) as ColourStop;
  if (value <= first[0]) return [...first[1]];
  if (value >= last[0]) return [...last[1]];
  for (let i = 1; i < stops.length; i++) {
    const [v1, c1] = stops[i] as ColourStop;
    const [v0, c0] = stops[i - 1] as ColourStop;
    if (value <= v1) {
      const t = (value - v0) / (v1 - v0);
      return [0, 1, 2].map((k) =>
        Math.round((c0[k] as number) + t * ((c1[k] as number) - (c0[k] as number))),
      ) as [number, number, number];
    }
  }
  return [...last[1]];
}
