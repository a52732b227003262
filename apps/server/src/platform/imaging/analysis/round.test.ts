import { describe, expect, it } from 'vitest';
import { round } from './round.ts';

describe('round', () => {
  it('is Math.round, the sign of zero aside, at halves, edges and random values', () => {
    const edges = [
      0.49999999999999994,
      0.5,
      1.5,
      2.5,
      -0.5,
      -1.5,
      -2.5,
      4095.5,
      2 ** 52 + 1,
      2 ** 53,
      -(2 ** 52) - 1,
    ];
    const random = Array.from({ length: 100_000 }, (_, k) => (Math.sin(k * 12.9898) * 43758.5453) % 5000);
    const floats = Array.from({ length: 10_000 }, (_, k) => Math.fround(k / 9999) * 4096);
    for (const a of [...edges, ...random, ...floats, Number.NaN, Infinity, -Infinity])
      expect(round(a) + 0, String(a)).toBe(Math.round(a) + 0);
  });
});
