import type {
  AdminCouponView,
  CartView,
  CouponView,
  OrderStatus,
  OrderView,
  ReportView,
} from '@ampelos/domain';
import { presentField } from '../fields/presenter.ts';
import type { FieldRow } from '../fields/repository.ts';
import { presentReport } from '../reports/presenter.ts';
import type { CouponRow, OrderWithDetails } from './repository.ts';
import type { CommerceService } from './service.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentCoupon(row: CouponRow): CouponView {
  return {
    code: row.code,
    discountPercent: row.discountPercent,
    details: { minTotalHectares: row.minTotalHectares },
    waivesE2eMinimum: row.waivesE2eMinimum,
  };
}

export function presentAdminCoupon(row: CouponRow): AdminCouponView {
  return {
    ...presentCoupon(row),
    id: row.id,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentOrder({ order, user, reports }: OrderWithDetails): OrderView {
  return {
    id: order.id,
    uuid: order.uuid,
    status: order.status as OrderStatus,
    transactionType: order.transactionType === 'invoice' ? 'invoice' : 'receipt',
    paymentMethod: order.paymentMethod,
    total: order.total,
    finalPrice: order.finalPrice,
    discountPercent: order.discountPercent,
    coupon:
      order.couponCode !== null && order.couponPercent !== null
        ? { code: order.couponCode, discountPercent: order.couponPercent }
        : null,
    billingAddress: order.billingAddress ?? null,
    paymentDetails: order.paymentDetails ?? null,
    createdAt: order.createdAt.toISOString(),
    user: {
      uuid: user.uuid,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      mobile: user.mobile,
      location: user.location,
    },
    Reports: reports.map(({ report, field }) => ({
      ...presentReport(report),
      Fields: field ? { ...field } : null,
      fieldTitle: report.fieldTitle,
      fieldArea: report.fieldArea,
    })),
    numOfReport: reports.length,
  };
}

/** `GET /fields?type=cart`: the cart's fields with their pending reports, and the priced groups. */
export function presentCart(cart: Awaited<ReturnType<CommerceService['cart']>>): CartView {
  const byField = new Map<number, { field: FieldRow; reports: ReportView[] }>();
  for (const group of cart.groups) {
    const entry = byField.get(group.field.id) ?? { field: group.field, reports: [] };
    entry.reports.push(...group.reports.map(presentReport));
    byField.set(group.field.id, entry);
  }
  return {
    data: [...byField.values()].map(({ field, reports }) => presentField(field, undefined, reports)),
    shootData: [],
    cartItems: cart.groups.map((group) => ({
      fieldId: group.field.id,
      fieldUuid: group.field.uuid,
      title: group.field.title,
      service: group.service,
      shoots: group.shoots,
      hectares: group.hectares,
      price: group.price,
      reports: group.reports.map((report) => report.uuid),
    })),
    totalHectares: cart.totalHectares,
    hasE2e: cart.hasE2e,
    totals: cart.totals,
  };
}
