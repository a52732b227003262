import { describe, expect, it } from 'vitest';
import { labelIndexes, niceTicks } from './chart-scale.ts';

describe('niceTicks', () => {
  it('runs from 0 to a round number at or above the maximum', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(1234.5)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(3, { integers: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1, { integers: true })).toEqual([0, 1]);
  });
});

describe('labelIndexes', () => {
  it('keeps at most about `max` labels, spread evenly', () => {
    expect([...labelIndexes(5, 8)]).toEqual([0, 1, 2, 3, 4]);
    expect([...labelIndexes(30, 8)]).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect([...labelIndexes(0, 8)]).toEqual([]);
  });
});
