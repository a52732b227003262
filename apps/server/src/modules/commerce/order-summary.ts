import { hectares, priceBreakdown, reportPrice, roundTo, type Service, vatOf } from '@ampelos/domain';
import type { OrderWithDetails } from './repository.ts';

/** One line of an order document: a field's package (its reports share one price). */
export interface OrderLine {
  fieldTitle: string;
  service: Service;
  shoots: number;
  hectares: number;
  price: number;
}

/** Every figure an order document or e-mail shows, from the totals stored when it was placed. */
export interface OrderSummary {
  lines: OrderLine[];
  /** Sum of the lines before any discount (the order's `total`). */
  subtotal: number;
  volumeDiscountPercent: number;
  volumeDiscount: number;
  coupon: { code: string; percent: number; amount: number } | null;
  /** What the customer pays before VAT (the order's `finalPrice`). */
  net: number;
  vat: number;
  totalWithVat: number;
}

/** Groups the order's reports by field + service, as the cart priced them. */
function orderLines(order: OrderWithDetails): OrderLine[] {
  const lines = new Map<string, OrderLine>();
  for (const { report } of order.reports) {
    // A deleted field leaves fieldId null; its copied title still tells the groups apart.
    const key = `${report.fieldId ?? `deleted:${report.fieldTitle}`}:${report.service}`;
    if (lines.has(key)) continue;
    const service = report.service as Service;
    lines.set(key, {
      fieldTitle: report.fieldTitle,
      service,
      shoots: report.shoots,
      hectares: hectares(report.fieldArea),
      price: reportPrice(service, report.shoots, report.fieldArea),
    });
  }
  return [...lines.values()];
}

export function summariseOrder(details: OrderWithDetails): OrderSummary {
  const { order } = details;
  const breakdown = priceBreakdown(order.total, order.couponPercent ?? 0);
  const net = order.finalPrice;
  const vat = vatOf(net);
  return {
    lines: orderLines(details),
    subtotal: order.total,
    volumeDiscountPercent: order.discountPercent,
    volumeDiscount: breakdown.savings,
    coupon:
      order.couponCode !== null && order.couponPercent !== null
        ? { code: order.couponCode, percent: order.couponPercent, amount: breakdown.couponDiscount }
        : null,
    net,
    vat,
    totalWithVat: roundTo(net + vat, 2),
  };
}
