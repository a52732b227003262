import {
  B2B_ROLES,
  type CartItemView,
  type CartView,
  E2E_MIN_TOTAL_HECTARES,
  type PriceBreakdown,
  priceBreakdown,
  REPORT_VALIDITY_MONTHS,
  type Role,
  remainingE2EHectares,
  type Service,
  type UserView,
} from '@ampelos/domain';
import type { CheckedCoupon } from './api/check-coupon.ts';

/**
 * How long a package runs once paid (the domain's REPORT_VALIDITY_MONTHS, which the server applies).
 * Reports still in the cart have no validTo yet, so the cart shows this period.
 */
export const PACKAGE_PERIOD_YEARS = REPORT_VALIDITY_MONTHS / 12;

export interface CartRow extends CartItemView {
  /** Unique per cart group: field id + service. */
  key: string;
  durationYears: number;
}

/** Spec section 9: latest report validTo year minus the current year; the package period when unset. */
export function durationYears(validTos: readonly (string | null)[], now: Date): number {
  const years = validTos.filter((v): v is string => v !== null).map((v) => new Date(v).getUTCFullYear());
  if (years.length === 0) return PACKAGE_PERIOD_YEARS;
  return Math.max(...years) - now.getUTCFullYear();
}

/** The cart's groups (field id + service) with their duration, read from the reports the cart carries. */
export function cartRows(cart: CartView, now: Date): CartRow[] {
  const validToByUuid = new Map(
    cart.data.flatMap((field) => field.Reports.map((report) => [report.uuid, report.validTo] as const)),
  );
  return cart.cartItems.map((item) => ({
    ...item,
    key: `${item.fieldId}:${item.service}`,
    durationYears: durationYears(
      item.reports.map((uuid) => validToByUuid.get(uuid) ?? null),
      now,
    ),
  }));
}

/**
 * The figures shown: the server's totals, with an applied coupon's percent taken off the discounted
 * price for display only (the server recomputes everything when the order is placed).
 */
export function displayedTotals(totals: PriceBreakdown, coupon: CheckedCoupon | null): PriceBreakdown {
  return coupon ? priceBreakdown(totals.originalPrice, coupon.discountPercent) : totals;
}

export interface E2eMinimum {
  blocked: boolean;
  /** Hectares still missing (0 when enough). */
  remaining: number;
}

/**
 * With E2E reports the distinct fields must total at least 5 ha, unless the applied coupon waives it
 * (a property the server sends with the coupon and checks again at order time).
 */
export function e2eMinimum(
  cart: Pick<CartView, 'hasE2e' | 'totalHectares'>,
  coupon: CheckedCoupon | null,
): E2eMinimum {
  const remaining = remainingE2EHectares(cart.totalHectares);
  const blocked = cart.hasE2e && cart.totalHectares < E2E_MIN_TOTAL_HECTARES && !coupon?.waivesE2eMinimum;
  return { blocked, remaining: blocked ? remaining : 0 };
}

/** A personal account owner needs a mobile number before paying (spec section 5). */
export function mobileMissing(user: Pick<UserView, 'role' | 'mobile'>): boolean {
  return user.role === 'b2c_admin' && !user.mobile?.trim();
}

/** Business roles choose receipt or invoice; everyone else pays against a billing address. */
export function choosesTransactionType(role: Role): boolean {
  return B2B_ROLES.includes(role);
}

export const hasService = (rows: readonly { service: Service }[], service: Service) =>
  rows.some((row) => row.service === service);

export type BillingProblem = 'mobile' | 'invoiceDetails' | 'address' | null;

/**
 * What keeps the Billing Info step from going on to payment, first problem first: a b2c owner without a
 * mobile number; an invoice without the company's invoice details (VAT id); a receipt without an address.
 */
export function billingProblem(input: {
  user: Pick<UserView, 'role' | 'mobile'>;
  transactionType: 0 | 1;
  invoiceVatId: string | null | undefined;
  billingAddressId: number | null;
}): BillingProblem {
  if (mobileMissing(input.user)) return 'mobile';
  const invoice = choosesTransactionType(input.user.role) && input.transactionType === 1;
  if (invoice) return input.invoiceVatId?.trim() ? null : 'invoiceDetails';
  return input.billingAddressId === null ? 'address' : null;
}

/** 32 hex characters, once per checkout attempt; works outside secure contexts (plain-HTTP self-hosting). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
