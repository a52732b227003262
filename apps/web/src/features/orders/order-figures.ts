import { hectares, type OrderReportView, type OrderView, roundTo, vatOf } from '@ampelos/domain';

/** The discount shown on an order: total minus final price (volume discount and coupon together). */
export function orderDiscount(order: Pick<OrderView, 'total' | 'finalPrice'>): number {
  return roundTo(order.total - order.finalPrice, 2);
}

/** VAT (24 %) on the final price, shown separately: displayed prices exclude it. */
export function orderVat(order: Pick<OrderView, 'finalPrice'>): number {
  return vatOf(order.finalPrice);
}

export interface OrderFieldGroup {
  key: string;
  /** Null when the field was deleted after the order (the report keeps its title and area). */
  fieldUuid: string | null;
  title: string;
  hectares: number;
  reports: OrderReportView[];
}

/** The order's reports grouped by field, in the order the fields first appear. */
export function groupReportsByField(reports: readonly OrderReportView[]): OrderFieldGroup[] {
  const groups = new Map<string, OrderFieldGroup>();
  for (const report of reports) {
    const field = report.Fields;
    const key = field ? `field:${field.uuid}` : `deleted:${report.fieldTitle}:${report.fieldArea}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        fieldUuid: field?.uuid ?? null,
        title: field?.title ?? report.fieldTitle,
        hectares: hectares(field?.area ?? report.fieldArea),
        reports: [],
      };
      groups.set(key, group);
    }
    group.reports.push(report);
  }
  return [...groups.values()];
}

/** Whether any report of the order lost its field (deleted after the purchase). */
export function hasDeletedFields(reports: readonly OrderReportView[]): boolean {
  return reports.some((report) => report.Fields === null);
}
