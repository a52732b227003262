import { hectares, priceBreakdown, reportPrice, type Service } from '@ampelos/domain';
import type { FieldRow } from '../fields/repository.ts';
import type { ReportRow } from './repository.ts';

export interface CartGroup {
  field: FieldRow;
  service: Service;
  shoots: number;
  hectares: number;
  price: number;
  reports: ReportRow[];
}

/** Groups cart rows by field id + service; the price is the package's (rate × hectares). */
export function groupCart(rows: { report: ReportRow; field: FieldRow }[]): CartGroup[] {
  const groups = new Map<string, CartGroup>();
  for (const { report, field } of rows) {
    const key = `${field.id}:${report.service}`;
    let group = groups.get(key);
    if (!group) {
      const service = report.service as Service;
      group = {
        field,
        service,
        shoots: report.shoots,
        hectares: hectares(field.area),
        price: reportPrice(service, report.shoots, field.area),
        reports: [],
      };
      groups.set(key, group);
    }
    group.reports.push(report);
  }
  return [...groups.values()];
}

/** Distinct fields' hectares of some cart groups. */
function distinctHectares(groups: CartGroup[]): number {
  const byField = new Map(groups.map((group) => [group.field.id, group.hectares]));
  return Math.round([...byField.values()].reduce((sum, value) => sum + value, 0) * 100) / 100;
}

export function summarise(groups: CartGroup[], couponPercent = 0) {
  const original = groups.reduce((sum, group) => sum + group.price, 0);
  return {
    groups,
    totalHectares: distinctHectares(groups),
    hasE2e: groups.some((group) => group.service === 'e2e'),
    totals: priceBreakdown(original, couponPercent),
  };
}

export function addMonths(from: Date, months: number) {
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + months);
  return to;
}
