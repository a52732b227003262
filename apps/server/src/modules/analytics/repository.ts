import { ANALYTICS_TIME_ZONE, addDays, type CalendarDay } from '@ampelos/domain';
import { and, asc, between, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { companies, fields, orders, reports, shoots } from '../../platform/db/schema.ts';

/** A number from an aggregate: PostgreSQL answers bigint and numeric as strings. */
const num = (expression: SQL) => expression.mapWith(Number);

// A literal (our own constant), not a parameter: GROUP BY must see the same expression as SELECT.
const zone = sql.raw(`'${ANALYTICS_TIME_ZONE}'`);

/** The instant a calendar day starts in the dashboard's time zone. */
const dayStart = (day: CalendarDay) => sql`((${day}::date)::timestamp at time zone ${zone})`;
const local = (column: typeof orders.createdAt) => sql`(${column} at time zone ${zone})`;

/** Orders placed from the start of `from` to the end of `to` (Greek time). */
const placedBetween = (from: CalendarDay, to: CalendarDay) =>
  and(sql`${orders.createdAt} >= ${dayStart(from)}`, sql`${orders.createdAt} < ${dayStart(addDays(to, 1))}`);

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
     * One pass over the ordered reports, grouped by field, joined to the fields: the report totals and
     * the fields "with shoots" (at least one ordered report) together. Reports of deleted fields count
     * in the report totals only.
     */
    async reportAndFieldTotals() {
      const perField = db
        .select({
          fieldId: reports.fieldId,
          inputs: sql<number>`sum(${reports.numOfInputImgs})`.as('inputs'),
          outputs: sql<number>`sum(${reports.numOfOutputImgs})`.as('outputs'),
          stressed: sql<number>`sum(${reports.stressedPoints})`.as('stressed'),
          e2e: sql<number>`count(*) filter (where ${reports.service} = 'e2e')`.as('e2e'),
          manual: sql<number>`count(*) filter (where ${reports.service} = 'manual')`.as('manual'),
        })
        .from(reports)
        // Past the cart: ordered, paid or not.
        .where(ne(reports.status, 'pending'))
        .groupBy(reports.fieldId)
        .as('per_field');
      const [row] = await db
        .select({
          numOfInputImgs: num(sql`coalesce(sum(${perField.inputs}), 0)`),
          numOfOutputImgs: num(sql`coalesce(sum(${perField.outputs}), 0)`),
          totalStressedPoints: num(sql`coalesce(sum(${perField.stressed}), 0)`),
          e2e: num(sql`coalesce(sum(${perField.e2e}), 0)`),
          manual: num(sql`coalesce(sum(${perField.manual}), 0)`),
          fieldsWithShoots: num(sql`count(${fields.id})`),
          areaWithShoots: num(sql`coalesce(sum(${fields.area}), 0)`),
        })
        .from(perField)
        .leftJoin(fields, eq(fields.id, perField.fieldId));
      if (!row) throw new Error('aggregate returned no row');
      return row;
    },

    async fieldTotals() {
      const [row] = await db
        .select({ count: num(sql`count(*)`), area: num(sql`coalesce(sum(${fields.area}), 0)`) })
        .from(fields);
      if (!row) throw new Error('aggregate returned no row');
      return row;
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
        .select({ status: shoots.status, count: num(sql`count(*)`) })
        .from(shoots)
        .groupBy(shoots.status),

    /**
     * One pass over the orders with two grouping sets: all-time counts per payment method (rows with a
     * `method`), and orders placed in the range per week and month, Greek time (rows with `week` and
     * `month`; a week that spans two months gives a row for each part).
     */
    async orderFigures(from: CalendarDay, to: CalendarDay) {
      const inRange = placedBetween(from, to);
      const bucketed = db
        .select({
          method: orders.paymentMethod,
          week: sql<
            string | null
          >`case when ${inRange} then to_char(date_trunc('week', ${local(orders.createdAt)}), 'YYYY-MM-DD') end`.as(
            'week',
          ),
          month: sql<
            string | null
          >`case when ${inRange} then to_char(${local(orders.createdAt)}, 'YYYY-MM') end`.as('month'),
          status: orders.status,
          finalPrice: orders.finalPrice,
          couponId: orders.couponId,
        })
        .from(orders)
        .as('bucketed');
      const rows = await db
        .select({
          method: sql<string | null>`${bucketed.method}`,
          week: bucketed.week,
          month: bucketed.month,
          orders: num(sql`count(*)`),
          orderValue: num(sql`coalesce(sum(${bucketed.finalPrice}), 0)`),
          couponOrders: num(sql`count(${bucketed.couponId})`),
          complete: num(sql`count(*) filter (where ${bucketed.status} = 'complete')`),
          pendingPayment: num(sql`count(*) filter (where ${bucketed.status} = 'pending_payment')`),
        })
        .from(bucketed)
        .groupBy(sql`grouping sets ((${bucketed.method}), (${bucketed.week}, ${bucketed.month}))`);
      return {
        byMethod: rows.flatMap((row) =>
          row.method === null ? [] : [{ method: row.method, count: row.orders }],
        ),
        // The bucket of orders outside the range has no week: left out.
        buckets: rows.flatMap(({ method, week, month, ...figures }) =>
          method === null && week !== null && month !== null ? [{ week, month, ...figures }] : [],
        ),
      };
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
