import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VOLUME_DISCOUNT_TIERS } from './constants.ts';
import { applyVolumeDiscount, priceBreakdown, volumeDiscount } from './pricing.ts';

/** Amounts in whole cents, as prices are (up to 5,000,000 €, past the last tier bound). */
const amount = fc.integer({ min: 0, max: 500_000_000 }).map((cents) => cents / 100);
const couponPercent = fc.integer({ min: 0, max: 100 });
const CENT = 0.01;
/** Rounding to cents moves a figure by at most half a cent each time; two roundings meet here. */
const ROUNDING = CENT + 1e-9;
const boundaries = VOLUME_DISCOUNT_TIERS.slice(1).map((tier) => tier.from);
const topPercent = Math.max(...VOLUME_DISCOUNT_TIERS.map((tier) => tier.percent));

describe('pricing properties', () => {
  it('the volume discount never decreases as the amount grows', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(volumeDiscount(high)).toBeGreaterThanOrEqual(volumeDiscount(low));
      }),
    );
  });

  it('paying for more never costs less after the volume discount', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(applyVolumeDiscount(high)).toBeGreaterThanOrEqual(applyVolumeDiscount(low) - 1e-9);
      }),
    );
  });

  it('the discounted total is continuous at every tier boundary (no jump)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...boundaries),
        fc.integer({ min: 1, max: 10_000 }).map((cents) => cents / 100),
        (boundary, step) => {
          const below = applyVolumeDiscount(boundary - step);
          const at = applyVolumeDiscount(boundary);
          const above = applyVolumeDiscount(boundary + step);
          // Across a bound the total changes no faster than the amount itself (plus rounding).
          expect(Math.abs(at - below)).toBeLessThanOrEqual(step + ROUNDING);
          expect(Math.abs(above - at)).toBeLessThanOrEqual(step + ROUNDING);
          // And the discount grows no faster than the highest tier's percent of the step.
          expect(volumeDiscount(boundary + step) - volumeDiscount(boundary - step)).toBeLessThanOrEqual(
            (2 * step * topPercent) / 100 + ROUNDING,
          );
        },
      ),
    );
  });

  it('the final price is at most the original price and never negative', () => {
    fc.assert(
      fc.property(amount, couponPercent, (original, percent) => {
        const { finalPrice, originalPrice, discountedPrice } = priceBreakdown(original, percent);
        expect(finalPrice).toBeGreaterThanOrEqual(0);
        expect(finalPrice).toBeLessThanOrEqual(discountedPrice);
        expect(discountedPrice).toBeLessThanOrEqual(originalPrice);
      }),
    );
  });

  it('the coupon takes its percent of the discounted price, not of the original', () => {
    fc.assert(
      fc.property(amount, couponPercent, (original, percent) => {
        const breakdown = priceBreakdown(original, percent);
        const expected = (breakdown.discountedPrice * percent) / 100;
        expect(Math.abs(breakdown.couponDiscount - expected)).toBeLessThanOrEqual(ROUNDING);
        expect(breakdown.finalPrice).toBeCloseTo(breakdown.discountedPrice - breakdown.couponDiscount, 2);
        expect(breakdown.savings).toBe(volumeDiscount(original));
      }),
    );
  });
});
