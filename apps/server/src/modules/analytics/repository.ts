import type { CalendarDay } from '@ampelos/domain';
import { and, asc, between, desc, eq, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  analyticsFieldReports,
  analyticsFieldTotals,
  analyticsOrderDays,
  analyticsShootStatuses,
  companies,
  fields,
} from '../../platform/db/schema.ts';

/** A number from an aggregate: PostgreSQL answers bigint and numeric as strings. */
const num = (expression: SQL) => expression.mapWith(Number);

export interface FieldOutlineRow {
  uuid: string;
  title: string;
  polygon: [number, number][];
}

/**
 * The only code reading the dashboard's figures. Every figure is an aggregate computed by the database
 * (one row per group at most): nothing here loads the rows themselves, except the map's field list.
 */
export function createAnalyticsRepository(db: Db) {
  return {
    /**
     * The report totals and the fields "with shoots" (at least one ordered report), from the per-field
     * aggregate the reports' trigger keeps: one row per field, not one per report. Reports of deleted
     * fields (field key 0) count in the report totals only.
     */
    async reportAndFieldTotals() {
      const t = analyticsFieldReports;
      const withShoots = sql`${t.reports} > 0 and ${t.fieldKey} <> 0`;
      const [row] = await db
        .select({
          numOfInputImgs: num(sql`coalesce(sum(${t.inputs}), 0)`),
          numOfOutputImgs: num(sql`coalesce(sum(${t.outputs}), 0)`),
          totalStressedPoints: num(sql`coalesce(sum(${t.stressed}), 0)`),
          e2e: num(sql`coalesce(sum(${t.e2e}), 0)`),
          manual: num(sql`coalesce(sum(${t.manual}), 0)`),
          fieldsWithShoots: num(sql`count(*) filter (where ${withShoots})`),
          areaWithShoots: num(sql`coalesce(sum(${t.area}) filter (where ${withShoots}), 0)`),
        })
        .from(t);
      if (!row) throw new Error('aggregate returned no row');
      return row;
    },

    /** Kept by the fields' trigger (one row). */
    async fieldTotals() {
      const [row] = await db
        .select({ count: analyticsFieldTotals.fields, area: analyticsFieldTotals.area })
        .from(analyticsFieldTotals);
      return row ?? { count: 0, area: 0 };
    },

    /** Customer companies (drone operator organisations are not clients). */
    async customerCompanies(): Promise<number> {
      const [row] = await db
        .select({ count: num(sql`count(*)`) })
        .from(companies)
        .where(eq(companies.kind, 'customer'));
      return row?.count ?? 0;
    },

    shootsByStatus: () =>
      db
        .select({ status: analyticsShootStatuses.status, count: analyticsShootStatuses.count })
        .from(analyticsShootStatuses)
        .where(gt(analyticsShootStatuses.count, 0)),

    /**
     * From the orders' per-day aggregate (a few rows a day): all-time counts per payment method, and the
     * orders placed in the range per week and month, Greek time (a week that spans two months gives a
     * row for each part).
     */
    async orderFigures(from: CalendarDay, to: CalendarDay) {
      const t = analyticsOrderDays;
      const byMethod = await db
        .select({ method: t.paymentMethod, count: num(sql`sum(${t.orders})`) })
        .from(t)
        .groupBy(t.paymentMethod)
        .having(sql`sum(${t.orders}) > 0`);
      const week = sql<string>`to_char(date_trunc('week', ${t.day}), 'YYYY-MM-DD')`;
      const month = sql<string>`to_char(${t.day}, 'YYYY-MM')`;
      const buckets = await db
        .select({
          week,
          month,
          orders: num(sql`sum(${t.orders})`),
          orderValue: num(sql`coalesce(sum(${t.orderValue}), 0)`),
          couponOrders: num(sql`coalesce(sum(${t.orders}) filter (where ${t.withCoupon}), 0)`),
          complete: num(sql`coalesce(sum(${t.orders}) filter (where ${t.status} = 'complete'), 0)`),
          pendingPayment: num(
            sql`coalesce(sum(${t.orders}) filter (where ${t.status} = 'pending_payment'), 0)`,
          ),
        })
        .from(t)
        .where(and(gte(t.day, from), lte(t.day, to)))
        .groupBy(week, month)
        .having(sql`sum(${t.orders}) > 0`);
      return { byMethod, buckets };
    },

    /** Every field's centroid, oldest first (the map centres on the first one). Five narrow columns. */
    fieldPoints: () =>
      db
        .select({
          uuid: fields.uuid,
          title: fields.title,
          area: fields.area,
          lng: fields.centroidLng,
          lat: fields.centroidLat,
        })
        .from(fields)
        .orderBy(asc(fields.createdAt), asc(fields.id)),

    /** Outlines of the fields centred in the box, largest first, at most `limit`. */
    fieldOutlines(bbox: [number, number, number, number], limit: number): Promise<FieldOutlineRow[]> {
      const [west, south, east, north] = bbox;
      return db
        .select({ uuid: fields.uuid, title: fields.title, polygon: fields.polygon })
        .from(fields)
        .where(and(between(fields.centroidLat, south, north), between(fields.centroidLng, west, east)))
        .orderBy(desc(fields.area))
        .limit(limit);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
