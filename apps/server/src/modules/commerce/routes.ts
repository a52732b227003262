import {
  adminCouponViewSchema,
  cartGroupDeleteSchema,
  couponCodeSchema,
  couponCreateSchema,
  couponViewSchema,
  dataAnswer,
  dataMessageAnswer,
  COMMERCE_MESSAGES as M,
  messageAnswerSchema,
  multipleReportsSchema,
  orderCreateSchema,
  orderStatusUpdateSchema,
  orderViewSchema,
  shootCreateSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../platform/http/answers.ts';
import { requireAuth } from '../auth/sessions.ts';
import { type OrderDocumentIssuer, renderOrderPdf } from './order-pdf.ts';
import { presentAdminCoupon, presentCoupon, presentOrder } from './presenter.ts';
import type { CommerceService } from './service.ts';

const tags = ['commerce'];

export const commerceRoutes: FastifyPluginAsyncZod<{
  commerce: CommerceService;
  /** Seller and bank details printed on order documents. */
  issuer: OrderDocumentIssuer;
}> = async (app, { commerce, issuer }) => {
  app.post(
    '/field/shoot/create',
    {
      config: { policy: 'field.order' },
      schema: {
        tags,
        summary: "Add a field's package to the cart",
        body: shootCreateSchema,
        response: { 201: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await commerce.addToCart(requireAuth(request), [request.body]);
      return reply.status(201).send({ msg: M.addedToCart });
    },
  );

  app.post(
    '/field/shoot/createMultipleReports',
    {
      config: { policy: 'field.order' },
      schema: {
        tags,
        summary: 'Add packages of several fields to the cart',
        body: multipleReportsSchema,
        response: { 201: dataMessageAnswer(z.strictObject({ data: z.string() })) },
      },
    },
    async (request, reply) => {
      const packages = Object.entries(request.body.selectedFields).map(([fieldUuid, item]) => ({
        fieldUuid,
        ...item,
      }));
      await commerce.addToCart(requireAuth(request), packages);
      return reply.status(201).send({ data: { data: 'OK' }, msg: M.addedToCart });
    },
  );

  app.put(
    '/field/reports/delete',
    {
      config: { policy: 'cart.edit' },
      schema: {
        tags,
        summary: 'Remove a cart group (field + service)',
        body: cartGroupDeleteSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => {
      await commerce.deleteCartGroup(requireAuth(request), request.body.fieldId, request.body.service);
      return { msg: M.cartItemDeleted };
    },
  );

  app.get(
    '/coupon/code/:code',
    {
      config: { policy: 'cart.use' },
      schema: {
        tags,
        summary: "Check a coupon against the caller's cart",
        params: z.object({ code: couponCodeSchema }),
        response: { 200: couponViewSchema },
      },
    },
    async (request) => presentCoupon(await commerce.checkCoupon(requireAuth(request), request.params.code)),
  );

  app.get(
    '/coupons',
    {
      config: { policy: 'coupon.manage' },
      schema: {
        tags,
        summary: 'All coupons (administrators)',
        response: { 200: dataAnswer(z.array(adminCouponViewSchema)) },
      },
    },
    async (request) => {
      const rows = await commerce.listCoupons(requireAuth(request));
      return { data: rows.map(presentAdminCoupon) };
    },
  );

  app.post(
    '/coupons',
    {
      config: { policy: 'coupon.manage' },
      schema: {
        tags,
        summary: 'Create a coupon (administrators)',
        body: couponCreateSchema,
        response: { 201: dataAnswer(adminCouponViewSchema) },
      },
    },
    async (request, reply) => {
      const row = await commerce.createCoupon(requireAuth(request), request.body);
      return reply.status(201).send({ data: presentAdminCoupon(row) });
    },
  );

  app.put(
    '/coupons/:code/deactivate',
    {
      config: { policy: 'coupon.manage' },
      schema: {
        tags,
        summary: 'Deactivate a coupon (administrators)',
        params: z.object({ code: z.string().max(64) }),
        response: { 200: dataMessageAnswer(adminCouponViewSchema) },
      },
    },
    async (request) => {
      const row = await commerce.deactivateCoupon(requireAuth(request), request.params.code);
      return { data: presentAdminCoupon(row), msg: M.couponDeactivated };
    },
  );

  app.post(
    '/orders/create',
    {
      config: { policy: 'cart.checkout' },
      schema: {
        tags,
        summary: 'Place an order for cart groups (idempotent with an Idempotency-Key)',
        body: orderCreateSchema,
        response: { 201: dataAnswer(orderViewSchema) },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const order = await commerce.createOrder(
        requireAuth(request),
        request.body,
        typeof header === 'string' ? header : undefined,
      );
      return reply.status(201).send({ data: presentOrder(order) });
    },
  );

  app.get(
    '/orders',
    {
      config: { policy: 'order.list' },
      schema: {
        tags,
        summary: 'Own orders, or every order for AdminOrders readers',
        response: { 200: dataAnswer(z.array(orderViewSchema)) },
      },
    },
    async (request) => {
      const rows = await commerce.listOrders(requireAuth(request));
      return { data: rows.map(presentOrder) };
    },
  );

  app.get(
    '/orders/:uuid/pdf',
    {
      config: { policy: 'order.view' },
      schema: {
        tags,
        summary: "The order's pro-forma invoice or receipt/invoice as PDF, in the customer's language",
        params: z.object({ uuid: z.string().uuid() }),
        response: { 200: fileAnswer('The document', 'application/pdf') },
      },
    },
    async (request, reply) => {
      const order = await commerce.orderForDocument(requireAuth(request), request.params.uuid);
      const pdf = await renderOrderPdf(order, issuer, order.user.lang);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="order-${order.order.id}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.put(
    '/orders',
    {
      config: { policy: 'order.edit' },
      schema: {
        tags,
        summary: "Change an order's status (administrators)",
        body: orderStatusUpdateSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => {
      await commerce.updateOrderStatus(requireAuth(request), request.body.orderUuid, request.body.status);
      return { msg: M.orderStatusUpdated };
    },
  );
};
