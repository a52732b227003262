import { describe, expect, it } from 'vitest';
import { medianOf, selectKth } from './select.ts';

/** Deterministic values with many ties (quantised), as plant-scale indicators have. */
function values(n: number, seed: number, levels: number): Float32Array {
  const out = new Float32Array(n);
  let state = seed;
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    out[i] = Math.round(((state >>> 8) / 2 ** 24) * levels) / levels - 0.5;
  }
  return out;
}

describe('selection', () => {
  it('finds the value a sort puts at k, for every k, with ties and sorted input', () => {
    for (const [n, levels] of [
      [1, 10],
      [2, 10],
      [7, 3],
      [64, 1000],
      [301, 5],
    ] as const) {
      const source = values(n, n * 31 + levels, levels);
      const sorted = source.slice().sort();
      for (let k = 0; k < n; k++) {
        expect(selectKth(source.slice(), 0, n, k)).toBe(sorted[k]);
        expect(selectKth(sorted.slice(), 0, n, k)).toBe(sorted[k]);
      }
    }
  });

  it('works on a range of a larger array and leaves the rest alone', () => {
    const all = values(100, 5, 50);
    const copy = all.slice();
    const sorted = all.slice(20, 70).sort();
    expect(selectKth(all, 20, 70, 12)).toBe(sorted[12]);
    expect(Array.from(all.subarray(0, 20))).toEqual(Array.from(copy.subarray(0, 20)));
    expect(Array.from(all.subarray(70))).toEqual(Array.from(copy.subarray(70)));
  });

  it('gives the median of a sort, the two middle values averaged for an even count', () => {
    for (const n of [1, 2, 3, 4, 9, 10, 151, 152]) {
      const source = Float64Array.from(values(n, n, 7));
      const sorted = source.slice().sort();
      const mid = n >> 1;
      const expected = n % 2 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
      expect(medianOf(source, 0, n)).toBe(expected);
    }
    expect(medianOf(new Float64Array(3), 1, 1)).toBeNaN();
  });
});
