import { describe, expect, it } from 'vitest';
import {
  ADD_TO_HOME_MAX_PROMPTS,
  CURRENCY,
  DATASET_MAX_BYTES,
  DEFAULT_PAYMENT_METHOD,
  E2E_FIELD_MIN_HECTARES,
  E2E_MIN_TOTAL_HECTARES,
  E2E_PREMIUM_SHOOTS,
  IMAGE_MAX_BYTES,
  MPH_TO_KNOTS,
  PACKAGE_SIZES,
  PRICES_PER_HECTARE,
  SHOOT_RANGE_DAYS,
  SQUARE_METRES_PER_HECTARE,
  TIMERS_MS,
  TRANSACTION_TYPES,
  VAT_RATE,
  VOLUME_DISCOUNT_TIERS,
} from './constants.ts';

describe('business constants (spec section 9)', () => {
  it('money and area', () => {
    expect(CURRENCY).toBe('EUR');
    expect(VAT_RATE).toBe(0.24);
    expect(SQUARE_METRES_PER_HECTARE).toBe(10_000);
    expect(PRICES_PER_HECTARE).toEqual({ manual: { 3: 120, 6: 280 }, e2e: { 3: 200, 5: 400 } });
    expect(PACKAGE_SIZES).toEqual({ STANDARD: 3, PREMIUM: 6 });
    expect(E2E_PREMIUM_SHOOTS).toBe(5);
  });
  it('limits', () => {
    expect(E2E_MIN_TOTAL_HECTARES).toBe(5);
    expect(E2E_FIELD_MIN_HECTARES).toBe(0.2);
    expect(IMAGE_MAX_BYTES).toBe(2_097_152);
    expect(DATASET_MAX_BYTES).toBe(1000 * 1024 ** 3);
    expect(SHOOT_RANGE_DAYS).toBe(14);
    expect(ADD_TO_HOME_MAX_PROMPTS).toBe(3);
    expect(MPH_TO_KNOTS).toBe(0.86898);
  });
  it('checkout', () => {
    expect(TRANSACTION_TYPES).toEqual({ receipt: 0, invoice: 1 });
    expect(DEFAULT_PAYMENT_METHOD).toBe('wire_transfer');
  });
  it('timers in milliseconds', () => {
    expect(TIMERS_MS).toEqual({
      alertAutoRemove: 5000,
      notificationsPanelClose: 500,
      modalClose: 350,
      reportPickerAutoClose: 300,
      satelliteHint: 1600,
      passwordMismatchAlert: 3000,
      resetPasswordError: 5000,
      finalDayConfirmation: 4000,
      invoiceSuccess: 5000,
      invoiceError: 3000,
      profileSuccess: 5000,
      profileError: 3000,
      passwordMessage: 5000,
    });
  });
  it('volume discount tiers are contiguous from 0 to infinity', () => {
    expect(VOLUME_DISCOUNT_TIERS[0]?.from).toBe(0);
    expect(VOLUME_DISCOUNT_TIERS.at(-1)?.to).toBe(Number.POSITIVE_INFINITY);
    for (let i = 1; i < VOLUME_DISCOUNT_TIERS.length; i++) {
      expect(VOLUME_DISCOUNT_TIERS[i]?.from).toBe(VOLUME_DISCOUNT_TIERS[i - 1]?.to);
    }
    expect(VOLUME_DISCOUNT_TIERS.map((tier) => tier.percent)).toEqual([0, 3, 5, 7, 10, 15, 10, 20, 25, 30]);
  });
});
