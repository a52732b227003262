import {
  type AnalyticsOverview,
  type CalendarDay,
  type FieldMapPoint,
  type FieldOutlinesAnswer,
  monthsBetween,
  PAYMENT_METHODS,
  type PaymentMethod,
  roundTo,
  SHOOT_STATUSES,
  type ShootStatus,
  SQUARE_METRES_PER_HECTARE,
  weekStartsBetween,
} from '@ampelos/domain';
import type { AnalyticsRepository, FieldOutlineRow } from './repository.ts';

type Rows<K extends keyof AnalyticsRepository> = Awaited<ReturnType<AnalyticsRepository[K]>>;

export interface OverviewFigures {
  range: { from: CalendarDay; to: CalendarDay };
  reports: Rows<'reportAndFieldTotals'>;
  fields: Rows<'fieldTotals'>;
  customerCompanies: number;
  orders: Rows<'orderFigures'>;
  shootStatuses: Rows<'shootsByStatus'>;
}

const hectares = (squareMetres: number) => roundTo(squareMetres / SQUARE_METRES_PER_HECTARE, 2);
const euros = (value: number) => roundTo(value, 2);

/** Counts by key with every known key present (0 when the database has none of it). */
function countsOf<K extends string>(known: readonly K[], rows: { key: string; count: number }[]) {
  const counts = Object.fromEntries(known.map((key) => [key, 0])) as Record<K, number>;
  for (const { key, count } of rows) counts[key as K] = (counts[key as K] ?? 0) + count;
  return counts;
}

/** Sums the range's week-and-month buckets by one of the two keys. */
function sumBuckets(buckets: OverviewFigures['orders']['buckets'], key: 'week' | 'month') {
  const sums = new Map<string, Omit<(typeof buckets)[number], 'week' | 'month'>>();
  for (const { week, month, ...figures } of buckets) {
    const at = key === 'week' ? week : month;
    const sum = sums.get(at);
    if (!sum) {
      sums.set(at, { ...figures });
      continue;
    }
    for (const name of Object.keys(figures) as (keyof typeof figures)[]) sum[name] += figures[name];
  }
  return sums;
}

/** The figures as the dashboard reads them: every week and month of the range present, zeros included. */
export function presentOverview(figures: OverviewFigures): AnalyticsOverview {
  const { from, to } = figures.range;
  const byWeek = sumBuckets(figures.orders.buckets, 'week');
  const byMonth = sumBuckets(figures.orders.buckets, 'month');
  const byMethod = countsOf<PaymentMethod>(
    PAYMENT_METHODS,
    figures.orders.byMethod.map((row) => ({ key: row.method, count: row.count })),
  );
  return {
    range: { from, to },
    reports: {
      numOfInputImgs: figures.reports.numOfInputImgs,
      numOfOutputImgs: figures.reports.numOfOutputImgs,
      totalStressedPoints: figures.reports.totalStressedPoints,
      services: { e2e: figures.reports.e2e, manual: figures.reports.manual },
    },
    fields: {
      totalHectares: hectares(figures.fields.area),
      totalHectaresWithShoots: hectares(figures.reports.areaWithShoots),
      totalNumOfFieldsWithShoots: figures.reports.fieldsWithShoots,
      totalNumOfFields: figures.fields.count,
    },
    companies: { totalNum: figures.customerCompanies },
    orders: {
      total: Object.values<number>(byMethod).reduce((sum, count) => sum + count, 0),
      byPaymentMethod: byMethod,
    },
    shootStatuses: countsOf<ShootStatus>(
      SHOOT_STATUSES,
      figures.shootStatuses.map((row) => ({ key: row.status, count: row.count })),
    ),
    growth: weekStartsBetween(from, to).map((weekStart) => {
      const row = byWeek.get(weekStart);
      return {
        weekStart,
        orders: row?.orders ?? 0,
        orderValue: euros(row?.orderValue ?? 0),
        couponOrders: row?.couponOrders ?? 0,
      };
    }),
    monthlyOrders: monthsBetween(from, to).map((month) => {
      const row = byMonth.get(month);
      return {
        month,
        complete: row?.complete ?? 0,
        pendingPayment: row?.pendingPayment ?? 0,
        orderValue: euros(row?.orderValue ?? 0),
      };
    }),
  };
}

/** Six decimals of a degree are about 0.1 m: plenty for a marker, and a smaller answer. */
const degrees = (value: number) => roundTo(value, 6);

export function presentFieldPoint(row: Rows<'fieldPoints'>[number]): FieldMapPoint {
  return {
    uuid: row.uuid,
    title: row.title,
    hectares: hectares(row.area),
    lng: degrees(row.lng),
    lat: degrees(row.lat),
  };
}

export function presentOutlines(rows: FieldOutlineRow[], limit: number): FieldOutlinesAnswer {
  return {
    data: rows.slice(0, limit).map((row) => ({ uuid: row.uuid, title: row.title, ring: row.polygon })),
    truncated: rows.length > limit,
  };
}
