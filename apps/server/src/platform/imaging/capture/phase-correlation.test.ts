import { seededRandom } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { phaseCorrelate, phaseCorrelatePair, windowSpectra, windowSpectrum } from './phase-correlation.ts';

const SIDE = 96;

/** Random texture, smoothed a little so that it correlates over a few pixels. */
function texture(seed: number): Float32Array {
  const rng = seededRandom(seed);
  const noise = Float32Array.from({ length: SIDE * SIDE }, () => rng());
  const out = new Float32Array(SIDE * SIDE);
  for (let y = 1; y < SIDE - 1; y++)
    for (let x = 1; x < SIDE - 1; x++)
      out[y * SIDE + x] =
        (noise[y * SIDE + x] as number) +
        (noise[y * SIDE + x + 1] as number) +
        (noise[(y + 1) * SIDE + x] as number);
  return out;
}

const window = (image: Float32Array, x0: number, y0: number) => ({ image, imageWidth: SIDE, x0, y0 });

describe('two transforms in one', () => {
  it('gives the spectra of two windows that windowSpectrum gives one by one, to rounding', () => {
    const a = texture(1);
    const b = texture(2);
    // 40 × 24 windows: padded to 64 × 32, so the mirror of a frequency wraps in both directions.
    const [first, second] = windowSpectra(window(a, 5, 9), window(b, 30, 2), 40, 24);
    const alone = [windowSpectrum(a, SIDE, 5, 9, 40, 24), windowSpectrum(b, SIDE, 30, 2, 40, 24)];
    for (const [paired, single] of [
      [first, alone[0]],
      [second, alone[1]],
    ] as const) {
      expect(paired.width).toBe(64);
      expect(paired.height).toBe(32);
      for (let i = 0; i < paired.re.length; i++) {
        expect(paired.re[i]).toBeCloseTo(single?.re[i] as number, 9);
        expect(paired.im[i]).toBeCloseTo(single?.im[i] as number, 9);
      }
    }
  });

  it('finds the shifts of two correlations from one inverse transform, as phaseCorrelate does', () => {
    const image = texture(3);
    // The moving windows sit (+3, −2) and (−4, +5) pixels from their references, so the shifts
    // with moving(x + dx, y + dy) = reference(x, y) are (−3, +2) and (+4, −5).
    const one = windowSpectra(window(image, 20, 20), window(image, 23, 18), 48, 48);
    const two = windowSpectra(window(image, 30, 25), window(image, 26, 30), 48, 48);
    const [shiftOne, shiftTwo] = phaseCorrelatePair(one, two);
    expect(shiftOne.dx).toBeCloseTo(-3, 1);
    expect(shiftOne.dy).toBeCloseTo(2, 1);
    expect(shiftTwo.dx).toBeCloseTo(4, 1);
    expect(shiftTwo.dy).toBeCloseTo(-5, 1);
    for (const [paired, [reference, moving]] of [
      [shiftOne, one],
      [shiftTwo, two],
    ] as const) {
      const single = phaseCorrelate(reference, moving);
      expect(paired.dx).toBeCloseTo(single.dx, 9);
      expect(paired.dy).toBeCloseTo(single.dy, 9);
      expect(paired.peak).toBeCloseTo(single.peak, 9);
    }
  });
});
