import { describe, expect, it } from 'vitest';
import { VOLUME_DISCOUNT_TIERS } from './constants.ts';
import {
  applyCoupon,
  applyVolumeDiscount,
  couponHectaresAccepted,
  hectares,
  isE2EEligibleField,
  priceBreakdown,
  pricePerHectare,
  remainingE2EHectares,
  reportPrice,
  vatOf,
  volumeDiscount,
  volumeDiscountPercent,
} from './pricing.ts';

describe('hectares', () => {
  it('is area / 10000 to two decimals', () => {
    expect(hectares(10_000)).toBe(1);
    expect(hectares(12_345)).toBe(1.23);
    expect(hectares(12_355)).toBe(1.24);
    expect(hectares(0)).toBe(0);
  });
});

describe('report price', () => {
  it.each([
    ['manual', 3, 120],
    ['manual', 6, 280],
    ['e2e', 3, 200],
    ['e2e', 5, 400],
  ] as const)('%s with %i shoots is %i per hectare', (service, shoots, rate) => {
    expect(pricePerHectare(service, shoots)).toBe(rate);
    expect(reportPrice(service, shoots, 20_000)).toBe(rate * 2);
  });
  it('uses hectares to two decimals and rounds to cents', () => {
    expect(reportPrice('e2e', 3, 12_345)).toBe(246); // 200 × 1.23
    expect(reportPrice('manual', 3, 3_333)).toBe(39.6); // 120 × 0.33
    expect(reportPrice('manual', 6, 1_010)).toBe(28); // 280 × 0.1
  });
  it('gives 0 for any other shoot count', () => {
    expect(reportPrice('manual', 5, 20_000)).toBe(0);
    expect(reportPrice('e2e', 6, 20_000)).toBe(0);
    expect(reportPrice('e2e', 1, 20_000)).toBe(0);
  });
  it('refuses a negative area', () => {
    expect(() => reportPrice('e2e', 3, -1)).toThrow(RangeError);
  });
});

describe('volume discount (marginal tiers)', () => {
  it('is nothing up to 5000', () => {
    expect(volumeDiscount(0)).toBe(0);
    expect(volumeDiscount(4_999.99)).toBe(0);
    expect(volumeDiscount(5_000)).toBe(0);
  });
  it('gives each slice its own percent', () => {
    expect(volumeDiscount(10_000)).toBe(150); // 3 % of 5000
    expect(volumeDiscount(12_000)).toBe(250); // + 5 % of 2000
    expect(volumeDiscount(30_000)).toBe(1_150); // 150 + 5 % of 20000
    expect(volumeDiscount(50_000)).toBe(2_550); // + 7 % of 20000
    expect(volumeDiscount(150_000)).toBe(12_550); // + 10 % of 100000
    expect(volumeDiscount(250_000)).toBe(27_550); // + 15 % of 100000
    expect(volumeDiscount(500_000)).toBe(52_550); // + 10 % of 250000
    expect(volumeDiscount(1_000_000)).toBe(152_550); // + 20 % of 500000
    expect(volumeDiscount(2_000_000)).toBe(402_550); // + 25 % of 1000000
    expect(volumeDiscount(3_000_000)).toBe(702_550); // + 30 % of 1000000
  });
  // Worked example at every tier bound: the discount there, the price after it, the effective
  // percent, and 100 € past the bound, where only the next tier's percent applies to those 100 €.
  it.each([
    [5_000, 0, 5_000, 0, 3],
    [10_000, 150, 9_850, 1.5, 155],
    [30_000, 1_150, 28_850, 3.83, 1_157],
    [50_000, 2_550, 47_450, 5.1, 2_560],
    [150_000, 12_550, 137_450, 8.37, 12_565],
    [250_000, 27_550, 222_450, 11.02, 27_560],
    [500_000, 52_550, 447_450, 10.51, 52_570],
    [1_000_000, 152_550, 847_450, 15.26, 152_575],
    [2_000_000, 402_550, 1_597_450, 20.13, 402_580],
  ])(
    'at %i €: discount %i €, price %i €, %f %%; 100 € more gives %i €',
    (bound, discount, price, percent, past) => {
      const breakdown = priceBreakdown(bound);
      expect(breakdown.savings).toBe(discount);
      expect(breakdown.discountedPrice).toBe(price);
      expect(breakdown.discountPercent).toBe(percent);
      expect(volumeDiscount(bound + 100)).toBe(past);
    },
  );
  it('is continuous at every tier bound', () => {
    for (const tier of VOLUME_DISCOUNT_TIERS.slice(1)) {
      expect(volumeDiscount(tier.from + 0.01) - volumeDiscount(tier.from)).toBeLessThanOrEqual(0.01);
    }
  });
  it('effective percent and discounted amount', () => {
    expect(volumeDiscountPercent(0)).toBe(0);
    expect(volumeDiscountPercent(10_000)).toBe(1.5);
    expect(applyVolumeDiscount(12_000)).toBe(11_750);
  });
  it('refuses a negative or non-finite amount', () => {
    expect(() => volumeDiscount(-1)).toThrow(RangeError);
    expect(() => volumeDiscount(Number.NaN)).toThrow(RangeError);
  });
});

describe('coupon', () => {
  it('takes its percent off the price', () => {
    expect(applyCoupon(1_000, 10)).toBe(900);
    expect(applyCoupon(99.99, 15)).toBe(84.99);
    expect(applyCoupon(500, 0)).toBe(500);
    expect(applyCoupon(500, 100)).toBe(0);
  });
  it('refuses a percent outside 0..100', () => {
    expect(() => applyCoupon(100, -5)).toThrow(RangeError);
    expect(() => applyCoupon(100, 101)).toThrow(RangeError);
  });
  it('minimum hectares: accepted only above it', () => {
    expect(couponHectaresAccepted(3)).toBe(true);
    expect(couponHectaresAccepted(3, null)).toBe(true);
    expect(couponHectaresAccepted(10.5, 10)).toBe(true);
    expect(couponHectaresAccepted(10, 10)).toBe(false);
  });
});

describe('price breakdown', () => {
  it('applies the volume discount, then the coupon on the discounted price', () => {
    expect(priceBreakdown(12_000, 10)).toEqual({
      originalPrice: 12_000,
      discountPercent: 2.08,
      savings: 250,
      discountedPrice: 11_750,
      couponDiscount: 1_175,
      finalPrice: 10_575,
      vat: 2_538,
    });
  });
  it('gives the figures of the worked example in docs/PRICING.md', () => {
    const original = reportPrice('e2e', 5, 300_000) + reportPrice('manual', 6, 105_000);
    expect(original).toBe(14_940);
    expect(priceBreakdown(original, 10)).toEqual({
      originalPrice: 14_940,
      discountPercent: 2.66,
      savings: 397,
      discountedPrice: 14_543,
      couponDiscount: 1_454.3,
      finalPrice: 13_088.7,
      vat: 3_141.29,
    });
  });
  it('without coupon the final price is the discounted price', () => {
    const breakdown = priceBreakdown(800);
    expect(breakdown.finalPrice).toBe(800);
    expect(breakdown.couponDiscount).toBe(0);
    expect(vatOf(800)).toBe(192);
  });
});

describe('end-to-end minimums', () => {
  it('field minimum: 0.2 ha in the English text, 0.25 in the Greek', () => {
    expect(isE2EEligibleField(2_000)).toBe(true);
    expect(isE2EEligibleField(1_999)).toBe(false);
  });
  it('cart needs 5 hectares of distinct E2E fields', () => {
    expect(remainingE2EHectares(3.2)).toBe(1.8);
    expect(remainingE2EHectares(5)).toBe(0);
    expect(remainingE2EHectares(12)).toBe(0);
  });
});
