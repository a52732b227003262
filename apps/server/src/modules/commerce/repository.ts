import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  addresses,
  type CompanyInvoiceDetails,
  companies,
  couponRedemptions,
  coupons,
  fields,
  orders,
  reports,
  users,
} from '../../platform/db/schema.ts';
import type { FieldRow, FieldViewer } from '../fields/repository.ts';
import { reportLifecycle } from '../reports/lifecycle.ts';
import { type ReportSummaryRow, reportSummaryColumns } from '../reports/repository.ts';

export type { ReportSummaryRow };

export type ReportRow = typeof reports.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'uuid' | 'createdAt' | 'updatedAt' | 'status'>;
export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'active'>;

export interface OrderCustomer {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  location: string | null;
  /** The customer's language: their e-mails and the order's PDF use it. */
  lang: string;
}
export interface OrderReport {
  report: ReportRow;
  field: { id: number; uuid: string; title: string; area: number } | null;
}
export interface OrderRecipient {
  id: number;
  email: string;
  firstName: string;
  lang: string;
}
export interface OrderWithDetails {
  order: OrderRow;
  user: OrderCustomer;
  reports: OrderReport[];
}

/** Own fields, the company's for company scope, all for staff (the fields module's rule). */
function fieldVisibleTo(viewer: FieldViewer): SQL | undefined {
  if (viewer.scope === 'all') return undefined;
  const own = eq(fields.ownerId, viewer.userId);
  if (viewer.scope === 'company' && viewer.companyId !== null) {
    return or(own, eq(fields.companyId, viewer.companyId));
  }
  return own;
}

const PENDING = 'pending';

/** The queries, on the database or on one transaction. */
function commerceQueries(db: Db) {
  return {
    /** The reports module's lifecycle on the same connection (cart items, order-driven moves). */
    reports: reportLifecycle(db),
    /** Serialises a user's cart and checkout: concurrent requests of the same user wait here. */
    async lockUser(userId: number) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** Locks a visible field row (so two cart additions of one field cannot both pass the check). */
    async lockVisibleField(viewer: FieldViewer, uuid: string): Promise<FieldRow | undefined> {
      const [row] = await db
        .select()
        .from(fields)
        .where(and(eq(fields.uuid, uuid), fieldVisibleTo(viewer)))
        .for('update');
      return row;
    },

    async fieldHasPendingReports(fieldId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.fieldId, fieldId), eq(reports.status, PENDING)))
        .limit(1);
      return row !== undefined;
    },

    /** The caller's cart: pending reports with their (still existing) field. */
    cartOf: (userId: number): Promise<{ report: ReportRow; field: FieldRow }[]> =>
      db
        .select({ report: reports, field: fields })
        .from(reports)
        .innerJoin(fields, eq(fields.id, reports.fieldId))
        .where(and(eq(reports.ownerId, userId), eq(reports.status, PENDING)))
        .orderBy(asc(fields.id), asc(reports.service), asc(reports.id)),

    /**
     * Reports shown with the given fields: everything past the cart, plus the viewer's own pending
     * ones (a colleague's cart stays theirs).
     */
    /**
     * Without outputData: the field list shows no results, and parsing every report's photo and box
     * JSON made `GET /api/fields` several times slower (bench/README.md).
     */
    reportsOfFields: (fieldIds: number[], userId: number): Promise<ReportSummaryRow[]> =>
      fieldIds.length === 0
        ? Promise.resolve([])
        : db
            .select(reportSummaryColumns)
            .from(reports)
            .where(
              and(
                // One array parameter: the statement's text is the same for any number of fields.
                sql`${reports.fieldId} = any(${sql.param(fieldIds)}::int[])`,
                or(ne(reports.status, PENDING), eq(reports.ownerId, userId)),
              ),
            )
            .orderBy(asc(reports.id)),

    findCouponByCode: async (code: string): Promise<CouponRow | undefined> => {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
      return row;
    },
    listCoupons: (): Promise<CouponRow[]> => db.select().from(coupons).orderBy(desc(coupons.id)),
    /** Undefined when the code exists already. */
    async insertCoupon(values: NewCoupon): Promise<CouponRow | undefined> {
      const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
      return row;
    },
    async deactivateCoupon(code: string): Promise<CouponRow | undefined> {
      const [row] = await db.update(coupons).set({ active: false }).where(eq(coupons.code, code)).returning();
      return row;
    },
    async couponUsedInYear(couponId: number, userId: number, year: number): Promise<boolean> {
      const [row] = await db
        .select({ id: couponRedemptions.id })
        .from(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.couponId, couponId),
            eq(couponRedemptions.userId, userId),
            eq(couponRedemptions.year, year),
          ),
        );
      return row !== undefined;
    },
    async redeemCoupon(values: { couponId: number; userId: number; orderId: number; year: number }) {
      await db.insert(couponRedemptions).values(values);
    },

    async findAddressOf(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      return row;
    },

    /** The invoice details saved on a company, or null before the invoice form was saved. */
    async companyInvoiceDetails(companyId: number): Promise<CompanyInvoiceDetails | null> {
      const [row] = await db
        .select({ details: companies.invoiceDetails })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.details ?? null;
    },

    /** Users holding one of the roles (the staff told about new orders). */
    usersWithRoles: (roles: readonly string[]): Promise<OrderRecipient[]> =>
      roles.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: users.id, email: users.email, firstName: users.firstName, lang: users.lang })
            .from(users)
            .where(and(inArray(users.role, [...roles]), isNull(users.deletedAt)))
            .orderBy(asc(users.id)),

    async findOrderByKey(userId: number, key: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row;
    },
    async insertOrder(values: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      if (!row) throw new Error('order insert returned nothing');
      return row;
    },
    async findOrderByUuid(uuid: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.uuid, uuid));
      return row;
    },
    async setOrderStatus(orderId: number, status: string) {
      await db.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    },
    /** Orders with customer and reports; one user's or (undefined) everyone's; newest first. */
    async listOrders(userId?: number, orderId?: number): Promise<OrderWithDetails[]> {
      const rows = await db
        .select({
          order: orders,
          user: {
            id: users.id,
            uuid: users.uuid,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            mobile: users.mobile,
            location: users.location,
            lang: users.lang,
          },
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            userId === undefined ? undefined : eq(orders.userId, userId),
            orderId === undefined ? undefined : eq(orders.id, orderId),
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id));
      if (rows.length === 0) return [];
      const reportRows = await db
        .select({
          report: reports,
          field: { id: fields.id, uuid: fields.uuid, title: fields.title, area: fields.area },
        })
        .from(reports)
        .leftJoin(fields, eq(fields.id, reports.fieldId))
        .where(
          and(
            isNotNull(reports.orderId),
            inArray(
              reports.orderId,
              rows.map((row) => row.order.id),
            ),
          ),
        )
        .orderBy(asc(reports.id));
      return rows.map((row) => ({
        ...row,
        reports: reportRows.filter((r) => r.report.orderId === row.order.id),
      }));
    },
  };
}
export type CommerceQueries = ReturnType<typeof commerceQueries>;

/** The only code touching coupons and orders; it reads reports, the reports module writes them. */
export function createCommerceRepository(db: Db) {
  return {
    ...commerceQueries(db),
    /** Runs `work` in one transaction with the queries bound to it. */
    transaction<T>(work: (tx: CommerceQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(commerceQueries(tx as unknown as Db)));
    },
  };
}
export type CommerceRepository = ReturnType<typeof createCommerceRepository>;
