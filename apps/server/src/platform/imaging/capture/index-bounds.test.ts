import { describe, expect, it } from 'vitest';
import { ndviThresholdBounds } from './index-bounds.ts';

describe('ndviThresholdBounds', () => {
  it('lets Otsu cut NDVI of digital numbers below 0.2, keeps the reflectance bounds otherwise', () => {
    expect(ndviThresholdBounds({ radiometry: 'digital-numbers' })).toEqual([0, 0.6]);
    expect(ndviThresholdBounds({ radiometry: 'reflectance' })).toEqual([0.2, 0.6]);
    expect(ndviThresholdBounds({})).toEqual([0.2, 0.6]);
  });
});
