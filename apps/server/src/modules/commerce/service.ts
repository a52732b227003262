import {
  B2B_ROLES,
  type CouponCreate,
  can,
  couponHectaresAccepted,
  E2E_FIELD_MIN_HECTARES,
  E2E_MIN_TOTAL_HECTARES,
  fieldScope,
  isE2EEligibleField,
  COMMERCE_MESSAGES as M,
  type OrderCreate,
  type OrderStatus,
  orderNeedsMobile,
  pricePerHectare,
  REPORT_VALIDITY_MONTHS,
  type Role,
  type Service,
  wireTransferAvailable,
} from '@ampelos/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { Access } from '../auth/access.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { FieldViewer } from '../fields/repository.ts';
import { addMonths, groupCart, summarise } from './cart-groups.ts';
import type { OrderEvents } from './order-events.ts';
import type { CommerceQueries, CommerceRepository, CouponRow, OrderWithDetails } from './repository.ts';

/** A paid report is valid for one year from the moment its order is completed (docs/decisions/commerce.md). */
const FIELD_NOT_FOUND = 'Field not found';

export interface CartPackage {
  fieldUuid: string;
  service: Service;
  shoots: number;
}

function viewerOf(auth: AuthContext): FieldViewer {
  return { scope: fieldScope(auth.user.role), userId: auth.user.id, companyId: auth.user.companyId };
}

function allow(auth: AuthContext, allowed: boolean) {
  if (!allowed) throw forbidden();
  return auth;
}

const conflict = (msg: string) => new AppError(409, msg);

export function createCommerceService(deps: {
  commerce: CommerceRepository;
  /** Who may act on which fields, in one query (the domain's policies). */
  access: Access;
  now?: () => Date;
  /** Notifications and e-mails after an order is placed or changes status (after the commit). */
  events?: OrderEvents;
  /** Staff actions (order status, coupons) go to the audit log. */
  audit?: AuditRecorder;
  /** Wire-transfer details; without them no order can be paid, so none is placed. */
  bank?: { bankName: string | null; iban: string | null; bic: string | null };
}) {
  const now = deps.now ?? (() => new Date());

  async function orderWithDetails(orderId: number): Promise<OrderWithDetails> {
    const [order] = await deps.commerce.listOrders(undefined, orderId);
    if (!order) throw new Error(`order ${orderId} vanished`);
    return order;
  }

  /** Every coupon rule except the hectares limit; the message of the first one broken. */
  async function usableCoupon(q: CommerceQueries, userId: number, rawCode: string): Promise<CouponRow> {
    const code = rawCode.trim().toUpperCase();
    const coupon = code ? await q.findCouponByCode(code) : undefined;
    if (!coupon?.active) throw notFound(M.couponNotFound);
    const at = now();
    if ((coupon.validFrom && at < coupon.validFrom) || (coupon.validTo && at > coupon.validTo)) {
      throw badRequest(M.couponNotValidNow);
    }
    if (await q.couponUsedInYear(coupon.id, userId, at.getUTCFullYear())) {
      throw badRequest(M.couponUsedThisYear);
    }
    return coupon;
  }

  return {
    /** Adds packages to the caller's cart: one pending report per shoot. All or nothing. */
    async addToCart(auth: AuthContext, packages: CartPackage[]) {
      // Only cart holders buy: staff never add packages on behalf of customers.
      const fieldUuids = packages.map((item) => item.fieldUuid);
      await deps.access.require(auth, 'field.order', fieldUuids, FIELD_NOT_FOUND);
      if (packages.length === 0) throw badRequest(M.atLeastOneField, 'selectedFields');
      const viewer = viewerOf(auth);
      await deps.commerce.transaction(async (q) => {
        for (const item of packages) {
          const field = await q.lockVisibleField(viewer, item.fieldUuid);
          if (!field) throw notFound(FIELD_NOT_FOUND);
          if (pricePerHectare(item.service, item.shoots) === 0) throw badRequest(M.noPackage, 'shoots');
          if (item.service === 'e2e' && !isE2EEligibleField(field.area)) {
            throw badRequest(M.e2eFieldTooSmall, 'service', { min: E2E_FIELD_MIN_HECTARES });
          }
          if (await q.fieldHasPendingReports(field.id)) throw conflict(M.alreadyInCart);
          await q.reports.addToCart(
            Array.from({ length: item.shoots }, () => ({
              fieldId: field.id,
              fieldTitle: field.title,
              fieldArea: field.area,
              ownerId: auth.user.id,
              service: item.service,
              shoots: item.shoots,
            })),
          );
        }
      });
    },

    /** The caller's cart, grouped, priced by the domain pricing engine. */
    async cart(auth: AuthContext) {
      allow(auth, can(auth.view.permissions, 'read', 'Cart'));
      return summarise(groupCart(await deps.commerce.cartOf(auth.user.id)));
    },

    async deleteCartGroup(auth: AuthContext, fieldId: number, service: Service) {
      allow(auth, can(auth.view.permissions, 'read', 'Cart'));
      const deleted = await deps.commerce.reports.removeFromCart(auth.user.id, fieldId, service);
      if (deleted === 0) throw notFound(M.cartItemNotFound);
    },

    /** `GET /coupon/code/:code`: every rule, against the caller's current cart. */
    async checkCoupon(auth: AuthContext, code: string): Promise<CouponRow> {
      allow(auth, can(auth.view.permissions, 'read', 'Cart'));
      const coupon = await usableCoupon(deps.commerce, auth.user.id, code);
      const { totalHectares } = summarise(groupCart(await deps.commerce.cartOf(auth.user.id)));
      if (!couponHectaresAccepted(totalHectares, coupon.minTotalHectares))
        throw badRequest(M.couponBelowHectares);
      return coupon;
    },

    async listCoupons(auth: AuthContext) {
      allow(auth, can(auth.view.permissions, 'update', 'AdminOrders'));
      return deps.commerce.listCoupons();
    },

    async createCoupon(auth: AuthContext, input: CouponCreate) {
      allow(auth, can(auth.view.permissions, 'update', 'AdminOrders'));
      const row = await deps.commerce.insertCoupon({
        code: input.code,
        discountPercent: input.discountPercent,
        minTotalHectares: input.minTotalHectares ?? null,
        waivesE2eMinimum: input.waivesE2eMinimum,
        validFrom: input.validFrom ?? null,
        validTo: input.validTo ?? null,
      });
      if (!row) throw conflict(M.couponExists);
      await deps.audit?.record(auth.user, {
        action: 'coupon.create',
        target: { type: 'coupon', id: row.code, label: row.code },
        details: { discountPercent: row.discountPercent, minTotalHectares: row.minTotalHectares },
      });
      return row;
    },

    async deactivateCoupon(auth: AuthContext, code: string) {
      allow(auth, can(auth.view.permissions, 'update', 'AdminOrders'));
      const row = await deps.commerce.deactivateCoupon(code.trim().toUpperCase());
      if (!row) throw notFound(M.couponNotFound);
      await deps.audit?.record(auth.user, {
        action: 'coupon.deactivate',
        target: { type: 'coupon', id: row.code, label: row.code },
      });
      return row;
    },

    /**
     * One transaction under a per-user lock: a repeated idempotency key answers the order it made;
     * totals come from the domain pricing engine, never from the request.
     */
    async createOrder(auth: AuthContext, input: OrderCreate, headerKey?: string) {
      allow(auth, can(auth.view.permissions, 'read', 'Cart'));
      const { user } = auth;
      const key = headerKey?.trim() || input.idempotencyKey;
      if (key !== undefined && (key.length < 8 || key.length > 200)) {
        throw badRequest('Idempotency key must be 8 to 200 characters', 'idempotencyKey');
      }
      if (deps.bank && !wireTransferAvailable(deps.bank)) {
        throw new AppError(409, M.wireTransferUnavailable, 'paymentMethod');
      }
      const placed = await deps.commerce.transaction(async (q) => {
        await q.lockUser(user.id);
        if (key) {
          const existing = await q.findOrderByKey(user.id, key);
          if (existing) return { orderId: existing.id, created: false };
        }
        if (orderNeedsMobile(user.role as Role) && !user.mobile?.trim())
          throw badRequest(M.mobileRequired, 'mobile');

        const cart = groupCart(await q.cartOf(user.id));
        if (cart.length === 0) throw badRequest(M.noCartItems);
        const wanted = new Set(input.cartItems.map((item) => `${item.fieldId}:${item.service}`));
        const groups = cart.filter((group) => wanted.delete(`${group.field.id}:${group.service}`));
        if (wanted.size > 0) throw badRequest(M.cartItemNotFound, 'cartItems');

        const coupon = input.couponCode ? await usableCoupon(q, user.id, input.couponCode) : undefined;
        const summary = summarise(groups, coupon?.discountPercent ?? 0);
        if (coupon && !couponHectaresAccepted(summary.totalHectares, coupon.minTotalHectares)) {
          throw badRequest(M.couponBelowHectares);
        }
        if (summary.hasE2e && summary.totalHectares < E2E_MIN_TOTAL_HECTARES && !coupon?.waivesE2eMinimum) {
          throw badRequest(M.e2eMinimum);
        }

        let billingAddress: Record<string, string | null> | null = null;
        let paymentDetails: Record<string, string | null> | null = null;
        if (input.transactionType === 'invoice') {
          if (!B2B_ROLES.includes(user.role as Role)) throw badRequest(M.invoiceB2bOnly, 'transactionType');
          // The company's saved details win over whatever the client sends (docs/decisions/commerce.md).
          const saved = user.companyId ? await q.companyInvoiceDetails(user.companyId) : null;
          const details = saved ?? input.paymentDetails;
          if (!details) throw badRequest(M.invoiceDetailsRequired, 'paymentDetails');
          paymentDetails = { ...details, telephone: String(details.telephone) };
        } else {
          const address = input.billingAddress
            ? await q.findAddressOf(user.id, input.billingAddress)
            : undefined;
          if (!address) throw badRequest(M.noAddress, 'billingAddress');
          billingAddress = {
            country: address.country,
            state: address.state,
            city: address.city,
            line_1: address.line1,
            line_2: address.line2,
            line_3: address.line3,
            zip_postcode: address.zipPostcode,
          };
        }

        const order = await q.insertOrder({
          userId: user.id,
          transactionType: input.transactionType,
          paymentMethod: input.paymentMethod,
          total: summary.totals.originalPrice,
          finalPrice: summary.totals.finalPrice,
          discountPercent: summary.totals.discountPercent,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.code ?? null,
          couponPercent: coupon?.discountPercent ?? null,
          billingAddress,
          paymentDetails,
          idempotencyKey: key ?? null,
        });
        await q.reports.orderPlaced(
          groups.flatMap((group) => group.reports.map((report) => report.id)),
          order.id,
        );
        if (coupon) {
          await q.redeemCoupon({
            couponId: coupon.id,
            userId: user.id,
            orderId: order.id,
            year: now().getUTCFullYear(),
          });
        }
        return { orderId: order.id, created: true };
      });
      const order = await orderWithDetails(placed.orderId);
      if (placed.created) await deps.events?.placed(order);
      return order;
    },

    /** An order for its PDF: the owner's, or any for AdminOrders readers; others get 404. */
    async orderForDocument(auth: AuthContext, orderUuid: string): Promise<OrderWithDetails> {
      const order = await deps.commerce.findOrderByUuid(orderUuid);
      const mayRead =
        order !== undefined &&
        (order.userId === auth.user.id || can(auth.view.permissions, 'read', 'AdminOrders'));
      if (!order || !mayRead) throw notFound(M.orderNotFound);
      return orderWithDetails(order.id);
    },

    /** Own orders for customers; every order for roles reading AdminOrders. */
    async listOrders(auth: AuthContext) {
      const { permissions } = auth.view;
      if (can(permissions, 'read', 'AdminOrders')) return deps.commerce.listOrders();
      allow(auth, can(permissions, 'read', 'UserOrders'));
      return deps.commerce.listOrders(auth.user.id);
    },

    /**
     * pending_payment ↔ complete. Completing moves the order's pending_payment reports to processing,
     * valid for REPORT_VALIDITY_MONTHS from now; going back returns reports still in processing.
     */
    async updateOrderStatus(auth: AuthContext, orderUuid: string, status: OrderStatus) {
      allow(auth, can(auth.view.permissions, 'update', 'AdminOrders'));
      const changed = await deps.commerce.transaction(async (q) => {
        const order = await q.findOrderByUuid(orderUuid);
        if (!order) throw notFound(M.orderNotFound);
        if (order.status === status) return null;
        await q.setOrderStatus(order.id, status);
        if (status === 'complete') {
          const validFrom = now();
          await q.reports.orderPaid(order.id, {
            validFrom,
            validTo: addMonths(validFrom, REPORT_VALIDITY_MONTHS),
          });
        } else {
          await q.reports.orderReopened(order.id);
        }
        return { id: order.id, from: order.status };
      });
      if (changed === null) return;
      await deps.audit?.record(auth.user, {
        action: 'order.status',
        target: { type: 'order', id: orderUuid, label: `#${changed.id}` },
        details: { from: changed.from, to: status },
      });
      await deps.events?.statusChanged(await orderWithDetails(changed.id));
    },
  };
}
export type CommerceService = ReturnType<typeof createCommerceService>;
