import { describe, expect, it } from 'vitest';
import type { CapturePlanes } from '../capture/load-capture.ts';
import { closeBits, dilateBits, erodeBits, packMask, unpackMask } from './bit-mask.ts';
import { plantScaleValues } from './plant-scale.ts';

/** Reference: a brute-force count of set pixels in the clipped (2r+1)² window. */
function windowCount(mask: Uint8Array, width: number, height: number, r: number, x: number, y: number) {
  let count = 0;
  for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++)
    for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++)
      count += mask[yy * width + xx] as number;
  return count;
}

function randomMask(width: number, height: number, density: number, seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  return Uint8Array.from({ length: width * height }, () => (next() < density ? 1 : 0));
}

describe('bit-packed morphology', () => {
  const sizes: [number, number][] = [
    [1, 1],
    [31, 7],
    [32, 5],
    [33, 40],
    [70, 33],
    [97, 61],
  ];
  it('dilates and erodes exactly like the window definition, borders included', () => {
    for (const [width, height] of sizes) {
      for (const r of [1, 2, 3, 5, 20, 40]) {
        for (const density of [0.02, 0.5, 0.97]) {
          const mask = randomMask(width, height, density, width * 31 + r);
          const dilated = unpackMask(dilateBits(packMask(mask, width, height), r));
          const eroded = unpackMask(erodeBits(packMask(mask, width, height), r));
          for (let y = 0; y < height; y++) {
            for (let x = 0; x < width; x++) {
              const i = y * width + x;
              const set = windowCount(mask, width, height, r, x, y);
              const area =
                (Math.min(height - 1, y + r) - Math.max(0, y - r) + 1) *
                (Math.min(width - 1, x + r) - Math.max(0, x - r) + 1);
              expect(dilated[i]).toBe(set > 0 ? 1 : 0);
              expect(eroded[i]).toBe(mask[i] && set === area ? 1 : 0);
            }
          }
        }
      }
    }
  });

  it('closes = erodes the dilation', () => {
    const mask = randomMask(70, 33, 0.3, 7);
    const packed = packMask(mask, 70, 33);
    expect(unpackMask(closeBits(packed, 3))).toEqual(unpackMask(erodeBits(dilateBits(packed, 3), 3)));
  });
});

describe('plant-scale averages', () => {
  it('average each indicator over its window: VARI over the outline, TGI and GLI over pure leaf pixels', () => {
    const width = 45;
    const height = 17;
    const r = 3;
    const n = width * height;
    const canopy = randomMask(width, height, 0.5, 3);
    const pure = canopy.map((value, i) => (value && i % 3 !== 0 ? 1 : 0));
    const outline = canopy.map((value, i) => (value || i % 5 === 0 ? 1 : 0));
    const domain = new Uint8Array(n);
    for (let y = r; y < height - r; y++)
      for (let x = r; x < width - r; x++) domain[y * width + x] = outline[y * width + x] as number;
    const plane = (k: number) => Float32Array.from({ length: n }, (_, i) => 0.1 + ((i * k) % 13) / 40);
    const planes = {
      width,
      height,
      red: plane(3),
      green: plane(5),
      blue: plane(7),
      nir: null,
      redEdge: null,
    } as unknown as CapturePlanes;
    const roles = { vigour: 'vari', chlorophyll: 'tgi', water: 'gli' } as const;
    const pack = (mask: Uint8Array) => packMask(mask, width, height);
    const domainCount = domain.reduce((sum, value) => sum + value, 0);
    const masks = { canopy: pack(canopy), pure: pack(pure), outline: pack(outline), domain: pack(domain) };
    const values = plantScaleValues(planes, roles, masks, r, domainCount);
    // One value per domain pixel, in scan order.
    let k = 0;
    for (let y = r; y < height - r; y++) {
      for (let x = r; x < width - r; x++) {
        const i = y * width + x;
        if (!domain[i]) continue;
        const at = k++;
        let vari = 0;
        let tgi = 0;
        let outlineCount = 0;
        let pureCount = 0;
        let canopyCount = 0;
        for (let yy = y - r; yy <= y + r; yy++) {
          for (let xx = x - r; xx <= x + r; xx++) {
            const j = yy * width + xx;
            const red = planes.red[j] as number;
            const green = planes.green[j] as number;
            const blue = (planes.blue as Float32Array)[j] as number;
            canopyCount += canopy[j] as number;
            if (!outline[j]) continue;
            outlineCount++;
            const denominator = green + red - blue;
            vari += Math.abs(denominator) > 1e-4 ? Math.max(-1, Math.min(1, (green - red) / denominator)) : 0;
            if (!pure[j]) continue;
            pureCount++;
            tgi += (green - 0.39 * red - 0.61 * blue) / (red + green + blue);
          }
        }
        expect(values.vari?.[at]).toBeCloseTo(vari / outlineCount, 5);
        if (pureCount) expect(values.tgi?.[at]).toBeCloseTo(tgi / pureCount, 5);
        else expect(values.tgi?.[at]).toBeNaN();
        expect(values.cover?.[at]).toBeCloseTo(Math.min(1, canopyCount / outlineCount), 6);
      }
    }
    expect(k).toBe(domainCount);
    expect(values.vari).toHaveLength(domainCount);
  });
});
