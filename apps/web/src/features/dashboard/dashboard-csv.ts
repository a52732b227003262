import type { AnalyticsOverview } from '@ampelos/domain';
import { SHOOT_STATUSES } from '@ampelos/domain';

type Cell = string | number | null;
type Translate = (key: string) => string;

/**
 * RFC 4180 CSV with CRLF lines. A text cell that a spreadsheet would run as a formula (= + - @, tab,
 * carriage return) gets a leading apostrophe; numbers are written as they are.
 */
export function toCsv(rows: Cell[][]): string {
  const cell = (value: Cell) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n');
}

export type DashboardTable = 'summary' | 'growth' | 'monthlyOrders' | 'shootStatuses';
export const DASHBOARD_TABLES: DashboardTable[] = ['summary', 'growth', 'monthlyOrders', 'shootStatuses'];

/** The rows of one dashboard table, headed in the reader's language. */
export function dashboardTableRows(
  table: DashboardTable,
  overview: AnalyticsOverview,
  t: Translate,
): Cell[][] {
  const h = (key: string) => t(`dashboard.export.${key}`);
  switch (table) {
    case 'summary': {
      const { reports, fields, companies, orders } = overview;
      return [
        [h('metric'), h('value')],
        [t('dashboard.cards.fields'), fields.totalNumOfFields],
        [h('totalHectares'), fields.totalHectares],
        [t('dashboard.cards.fieldsWithShoots'), fields.totalNumOfFieldsWithShoots],
        [h('hectaresWithShoots'), fields.totalHectaresWithShoots],
        [h('reportsE2e'), reports.services.e2e],
        [h('reportsManual'), reports.services.manual],
        [h('inputImages'), reports.numOfInputImgs],
        [h('outputImages'), reports.numOfOutputImgs],
        [t('dashboard.cards.stressedPoints'), reports.totalStressedPoints],
        [t('dashboard.cards.companies'), companies.totalNum],
        [t('dashboard.cards.orders'), orders.total],
        ...Object.entries(orders.byPaymentMethod).map(([method, count]): Cell[] => [
          `${t('dashboard.cards.orders')}: ${t(`orders.paymentMethod.${method}`)}`,
          count,
        ]),
      ];
    }
    case 'growth':
      return [
        [h('week'), t('dashboard.growth.orders'), h('orderValue'), t('dashboard.growth.couponOrders')],
        ...overview.growth.map((w): Cell[] => [w.weekStart, w.orders, w.orderValue, w.couponOrders]),
      ];
    case 'monthlyOrders':
      return [
        [h('month'), t('orders.status.complete'), t('orders.status.pending_payment'), h('orderValue')],
        ...overview.monthlyOrders.map((m): Cell[] => [m.month, m.complete, m.pendingPayment, m.orderValue]),
      ];
    case 'shootStatuses':
      return [
        [h('status'), h('shoots')],
        ...SHOOT_STATUSES.map((status): Cell[] => [
          t(`shoots.status.${status}`),
          overview.shootStatuses[status],
        ]),
      ];
  }
}

/** The file: a UTF-8 byte order mark first, so spreadsheets read Greek headers right. */
export function dashboardCsvFile(table: DashboardTable, overview: AnalyticsOverview, t: Translate) {
  const { from, to } = overview.range;
  return {
    name: `ampelos-${table}-${from}_${to}.csv`,
    content: `\uFEFF${toCsv(dashboardTableRows(table, overview, t))}\r\n`,
  };
}
