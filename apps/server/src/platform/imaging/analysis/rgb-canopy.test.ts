import { describe, expect, it } from 'vitest';
import type { CapturePlanes } from '../capture/load-capture.ts';
import { hasBit } from './bit-mask.ts';
import { computePlantFields } from './plant-fields.ts';

type Rgb = [number, number, number];
type Patch = { x: number; y: number; w: number; h: number; colour: Rgb };

/** Reflectance planes (linear) of soil with rectangular patches painted on it, in order. */
function scene(width: number, height: number, soil: Rgb, patches: Patch[]): CapturePlanes {
  const n = width * height;
  const red = new Float32Array(n).fill(soil[0]);
  const green = new Float32Array(n).fill(soil[1]);
  const blue = new Float32Array(n).fill(soil[2]);
  for (const { x, y, w, h, colour } of patches)
    for (let yy = y; yy < y + h; yy++)
      for (let xx = x; xx < x + w; xx++) {
        red[yy * width + xx] = colour[0];
        green[yy * width + xx] = colour[1];
        blue[yy * width + xx] = colour[2];
      }
  return {
    kind: 'rgb',
    width,
    height,
    sourceWidth: width,
    sourceHeight: height,
    red,
    green,
    blue,
    nir: null,
    redEdge: null,
    valid: new Uint8Array(n).fill(1),
    display: new Uint8Array(0),
    metadata: null,
    radiometry: 'reflectance',
  };
}

/** Sunlit soil as on the MicaSense capture (reflectance; green dominance −0.13). */
const SOIL: Rgb = [0.25, 0.18, 0.09];
const LEAVES: Rgb = [0.05, 0.1, 0.04];

describe('RGB canopy by shadow depth', () => {
  // Soil's linear light is 0.173. Each patch is 12 px so its centre is free of the 3 × 3 smoothing.
  const planes = scene(96, 64, SOIL, [
    { x: 4, y: 4, w: 12, h: 12, colour: LEAVES },
    // A cast shadow on soil tinted by light through leaves: 26 % of the soil's light, green equal
    // to red (green dominance 0): not canopy, it needs clear green in that band.
    { x: 24, y: 4, w: 12, h: 12, colour: [0.052, 0.052, 0.031] },
    // The same depth with clear green (dominance 0.1): shaded leaves.
    { x: 44, y: 4, w: 12, h: 12, colour: [0.042, 0.054, 0.028] },
    // Deep shade (11 % of the soil's light) slightly redder than green (−0.055): a canopy interior.
    { x: 64, y: 4, w: 12, h: 12, colour: [0.022, 0.019, 0.014] },
    // Deep shade that is clearly blue (−0.2): not canopy.
    { x: 4, y: 40, w: 12, h: 12, colour: [0.014, 0.014, 0.028] },
    // A grey surface in deep shade (no chroma): not canopy.
    { x: 24, y: 40, w: 12, h: 12, colour: [0.019, 0.019, 0.019] },
    // A cream vehicle (the MicaSense pickup's reflectance): green dominance −0.01 and chroma 0.13
    // pass the cut and the chroma floor, but red and blue are both brighter than the soil.
    { x: 44, y: 40, w: 12, h: 12, colour: [0.5, 0.49, 0.33] },
  ]);
  const fields = computePlantFields(planes, null);
  const at = (x: number, y: number) => hasBit(fields.canopy, x, y);

  it('keeps lit and shaded leaves and the inside of a canopy, drops tinted, blue and grey shadows and a bright vehicle', () => {
    expect(at(10, 10)).toBe(true);
    expect(at(30, 10)).toBe(false);
    expect(at(50, 10)).toBe(true);
    expect(at(70, 10)).toBe(true);
    expect(at(10, 46)).toBe(false);
    expect(at(30, 46)).toBe(false);
    expect(at(50, 46)).toBe(false);
  });

  it('does not grow onto the soil around the canopy', () => {
    // x = 3 is the smoothing's spill of the leaves (x ≥ 4); x = 2, in the ring, stays soil.
    expect(at(3, 10)).toBe(true);
    expect(at(2, 10)).toBe(false);
    expect(at(90, 30)).toBe(false);
  });
});

describe('RGB canopy rims', () => {
  // A crown with a 4-pixel yellowish rim (green dominance −0.04: below the cut, above the rim's).
  const yellow: Rgb = [0.22, 0.2, 0.1];
  const planes = scene(64, 40, SOIL, [
    { x: 10, y: 10, w: 20, h: 20, colour: yellow },
    { x: 14, y: 14, w: 12, h: 12, colour: LEAVES },
    // The same yellow alone, away from any canopy.
    { x: 40, y: 10, w: 20, h: 20, colour: yellow },
  ]);
  const fields = computePlantFields(planes, null);
  const at = (x: number, y: number) => hasBit(fields.canopy, x, y);

  it('adds the ring of the rim next to the canopy, not the rest of it, nor the lone patch', () => {
    // The canopy (with the smoothing's 1-pixel spill) ends at x = 13; the ring is x = 12.
    expect(at(13, 20)).toBe(true);
    expect(at(12, 20)).toBe(true);
    expect(at(11, 20)).toBe(false);
    expect(at(50, 20)).toBe(false);
  });
});
