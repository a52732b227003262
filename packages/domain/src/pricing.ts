import {
  E2E_FIELD_MIN_HECTARES,
  E2E_MIN_TOTAL_HECTARES,
  PRICES_PER_HECTARE,
  type Service,
  SQUARE_METRES_PER_HECTARE,
  VAT_RATE,
  VOLUME_DISCOUNT_TIERS,
  type VolumeDiscountTier,
} from './constants.ts';
import { roundTo } from './units.ts';

const round2 = (value: number): number => roundTo(value, 2);

function assertAmount(value: number, name: string): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number >= 0`);
}

/** Area in square metres to hectares, to two decimals (spec: area / 10000 to two decimals). */
export function hectares(areaSquareMetres: number): number {
  return round2(areaSquareMetres / SQUARE_METRES_PER_HECTARE);
}

/** Per-hectare rate of a service and shoot count; 0 for a count that has no price. */
export function pricePerHectare(service: Service, shoots: number): number {
  const rates: Readonly<Record<number, number>> = PRICES_PER_HECTARE[service] ?? {};
  return rates[shoots] ?? 0;
}

/**
 * Price of one report: the per-hectare rate times the field's hectares (two decimals),
 * rounded to cents. Any shoot count other than the priced ones gives 0.
 */
export function reportPrice(service: Service, shoots: number, areaSquareMetres: number): number {
  assertAmount(areaSquareMetres, 'area');
  return round2(pricePerHectare(service, shoots) * hectares(areaSquareMetres));
}

/**
 * Volume discount in euros for an amount, applied marginally: the amount is cut into the slices of
 * VOLUME_DISCOUNT_TIERS and each slice gets its own tier's percent, as income-tax brackets do.
 * So 12000 € gives 0 % of the first 5000, 3 % of the next 5000 (150) and 5 % of the last 2000 (100):
 * 250 €. Rounded to cents.
 */
export function volumeDiscount(
  amount: number,
  tiers: readonly VolumeDiscountTier[] = VOLUME_DISCOUNT_TIERS,
): number {
  assertAmount(amount, 'amount');
  let discount = 0;
  for (const tier of tiers) {
    if (amount <= tier.from) break;
    const slice = Math.min(amount, tier.to) - tier.from;
    discount += (slice * tier.percent) / 100;
  }
  return round2(discount);
}

/** The effective discount percent of an amount (discount / amount × 100, two decimals); 0 for 0. */
export function volumeDiscountPercent(amount: number): number {
  if (amount === 0) return 0;
  return round2((volumeDiscount(amount) / amount) * 100);
}

/** The amount after its volume discount. */
export function applyVolumeDiscount(amount: number): number {
  return round2(amount - volumeDiscount(amount));
}

/** A coupon takes a percent of the (already discounted) price; the result is rounded to cents. */
export function applyCoupon(price: number, discountPercent: number): number {
  assertAmount(price, 'price');
  if (!Number.isFinite(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError('discountPercent must be between 0 and 100');
  }
  return round2(price * (1 - discountPercent / 100));
}

export interface PriceBreakdown {
  /** Sum of the cart items before any discount. */
  originalPrice: number;
  /** Effective volume discount percent. */
  discountPercent: number;
  /** Volume discount in euros. */
  savings: number;
  /** Price after the volume discount. */
  discountedPrice: number;
  /** Coupon percent of the discounted price, in euros. */
  couponDiscount: number;
  /** What the customer pays, VAT excluded. */
  finalPrice: number;
  /** VAT on the final price (shown separately: displayed prices exclude it). */
  vat: number;
}

/**
 * The checkout figures: original price, volume discount, then the coupon on the discounted price.
 * The spec does not show the full formula; this order (volume first, coupon second) follows its text
 * "coupon discount (percent of the discounted price)".
 */
export function priceBreakdown(originalPrice: number, couponPercent = 0): PriceBreakdown {
  const savings = volumeDiscount(originalPrice);
  const discountedPrice = round2(originalPrice - savings);
  const finalPrice = applyCoupon(discountedPrice, couponPercent);
  return {
    originalPrice: round2(originalPrice),
    discountPercent: volumeDiscountPercent(originalPrice),
    savings,
    discountedPrice,
    couponDiscount: round2(discountedPrice - finalPrice),
    finalPrice,
    vat: vatOf(finalPrice),
  };
}

/** VAT (24 %) of a net price, rounded to cents. */
export function vatOf(netPrice: number): number {
  return round2(netPrice * VAT_RATE);
}

/** Whether a field may be offered end-to-end (at least E2E_FIELD_MIN_HECTARES). */
export function isE2EEligibleField(areaSquareMetres: number): boolean {
  return areaSquareMetres / SQUARE_METRES_PER_HECTARE >= E2E_FIELD_MIN_HECTARES;
}

/** Hectares still missing before a cart with E2E reports may proceed (0 when enough). */
export function remainingE2EHectares(distinctFieldHectares: number): number {
  return Math.max(0, round2(E2E_MIN_TOTAL_HECTARES - distinctFieldHectares));
}

/** A coupon with a minimum is accepted only when the cart's distinct field hectares exceed it. */
export function couponHectaresAccepted(
  distinctFieldHectares: number,
  minTotalHectares?: number | null,
): boolean {
  if (minTotalHectares === undefined || minTotalHectares === null) return true;
  return distinctFieldHectares > minTotalHectares;
}
