import { type CartView, priceBreakdown } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import {
  billingProblem,
  cartRows,
  displayedTotals,
  durationYears,
  e2eMinimum,
  mobileMissing,
  newIdempotencyKey,
  PACKAGE_PERIOD_YEARS,
} from './cart-rules.ts';

const NOW = new Date('2025-06-01T00:00:00Z');
const coupon = (discountPercent: number, waivesE2eMinimum = false) => ({
  code: 'SAVE',
  discountPercent,
  details: { minTotalHectares: null },
  waivesE2eMinimum,
});

describe('durationYears', () => {
  it('is the latest validTo year minus the current year', () => {
    expect(durationYears(['2026-03-01T00:00:00Z', '2027-01-10T00:00:00Z', null], NOW)).toBe(2);
  });

  it('is the package period while no report has a validTo (reports in the cart)', () => {
    expect(durationYears([null, null], NOW)).toBe(PACKAGE_PERIOD_YEARS);
    expect(durationYears([], NOW)).toBe(PACKAGE_PERIOD_YEARS);
  });
});

describe('cartRows', () => {
  it('keys each group by field and service and reads the validity of its reports', () => {
    const report = (uuid: string, validTo: string | null) =>
      ({ uuid, validTo }) as CartView['data'][0]['Reports'][0];
    const cart = {
      data: [{ id: 1, Reports: [report('a', null), report('b', '2027-05-01T00:00:00Z')] }],
      cartItems: [
        {
          fieldId: 1,
          fieldUuid: 'f1',
          title: 'North',
          service: 'e2e',
          shoots: 3,
          hectares: 2,
          price: 400,
          reports: ['a'],
        },
        {
          fieldId: 1,
          fieldUuid: 'f1',
          title: 'North',
          service: 'manual',
          shoots: 3,
          hectares: 2,
          price: 240,
          reports: ['b'],
        },
      ],
    } as unknown as CartView;
    expect(cartRows(cart, NOW).map((row) => [row.key, row.durationYears])).toEqual([
      ['1:e2e', PACKAGE_PERIOD_YEARS],
      ['1:manual', 2],
    ]);
  });
});

describe('displayedTotals', () => {
  it("keeps the server's totals without a coupon and takes the coupon off the discounted price", () => {
    const totals = priceBreakdown(12_000);
    expect(displayedTotals(totals, null)).toBe(totals);
    const withCoupon = displayedTotals(totals, coupon(10));
    // 12,000 − 250 volume discount = 11,750; 10 % of it = 1,175.
    expect(withCoupon).toMatchObject({ discountedPrice: 11_750, couponDiscount: 1_175, finalPrice: 10_575 });
  });
});

describe('e2eMinimum', () => {
  it('blocks a cart with E2E reports under 5 distinct hectares and says how many are missing', () => {
    expect(e2eMinimum({ hasE2e: true, totalHectares: 3.25 }, null)).toEqual({
      blocked: true,
      remaining: 1.75,
    });
  });

  it('lets through 5 hectares or more, carts without E2E, and coupons that waive it', () => {
    expect(e2eMinimum({ hasE2e: true, totalHectares: 5 }, null).blocked).toBe(false);
    expect(e2eMinimum({ hasE2e: false, totalHectares: 1 }, null).blocked).toBe(false);
    expect(e2eMinimum({ hasE2e: true, totalHectares: 1 }, coupon(0, true))).toEqual({
      blocked: false,
      remaining: 0,
    });
    expect(e2eMinimum({ hasE2e: true, totalHectares: 1 }, coupon(20)).blocked).toBe(true);
  });
});

describe('billing rules', () => {
  it('needs a mobile number for a b2c_admin only', () => {
    expect(mobileMissing({ role: 'b2c_admin', mobile: null })).toBe(true);
    expect(mobileMissing({ role: 'b2c_admin', mobile: '  ' })).toBe(true);
    expect(mobileMissing({ role: 'b2c_admin', mobile: '6912345678' })).toBe(false);
    expect(mobileMissing({ role: 'b2b_admin', mobile: null })).toBe(false);
  });

  it('names the first problem: mobile, then invoice details or the billing address', () => {
    const b2c = { role: 'b2c_admin' as const, mobile: '6912345678' };
    const b2b = { role: 'b2b_user' as const, mobile: null };
    expect(
      billingProblem({
        user: { ...b2c, mobile: null },
        transactionType: 0,
        invoiceVatId: null,
        billingAddressId: 3,
      }),
    ).toBe('mobile');
    expect(
      billingProblem({ user: b2c, transactionType: 0, invoiceVatId: null, billingAddressId: null }),
    ).toBe('address');
    expect(
      billingProblem({ user: b2c, transactionType: 0, invoiceVatId: null, billingAddressId: 3 }),
    ).toBeNull();
    // b2c cannot ask for an invoice: an address is still needed.
    expect(
      billingProblem({ user: b2c, transactionType: 1, invoiceVatId: 'EL123456', billingAddressId: null }),
    ).toBe('address');
    expect(billingProblem({ user: b2b, transactionType: 1, invoiceVatId: null, billingAddressId: 3 })).toBe(
      'invoiceDetails',
    );
    expect(
      billingProblem({ user: b2b, transactionType: 1, invoiceVatId: 'EL123456', billingAddressId: null }),
    ).toBeNull();
  });
});

it('makes idempotency keys the server accepts, different each time', () => {
  const key = newIdempotencyKey();
  expect(key).toMatch(/^[0-9a-f]{32}$/);
  expect(newIdempotencyKey()).not.toBe(key);
});
