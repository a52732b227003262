import { hectares, priceBreakdown, reportPrice, type Service } from '@ampelos/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { FieldRow } from '../fields/repository.ts';
import type { ReportRow } from './repository.ts';

dayjs.extend(utc);

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

/**
 * `from` plus calendar months (UTC), clamped to the month's last day as people count months:
 * 31 January + 1 month is 28 (or 29) February, 29 February + 12 months is 28 February.
 */
export function addMonths(from: Date, months: number): Date {
  return dayjs.utc(from).add(months, 'month').toDate();
}
