import { z } from 'zod';
import { PAYMENT_METHODS, SERVICES } from '../constants.ts';
import { ORDER_STATUSES } from '../statuses/order-status.ts';
import { COMMERCE_MESSAGES } from './commerce-messages.ts';
import { invoiceDetailsSchema } from './company.ts';

export { COMMERCE_MESSAGES };

/** Wire transfer is offered only once the bank name, IBAN and BIC are configured. */
export function wireTransferAvailable(bank: {
  bankName: string | null;
  iban: string | null;
  bic: string | null;
}): boolean {
  return Boolean(bank.bankName?.trim() && bank.iban?.trim() && bank.bic?.trim());
}

const serviceSchema = z.enum(SERVICES);
const shootsSchema = z.coerce.number().int().min(1).max(100);
const uuidSchema = z.string().trim().uuid();

/** `POST /field/shoot/create`. */
export const shootCreateSchema = z.strictObject({
  fieldUuid: uuidSchema,
  service: serviceSchema,
  shoots: shootsSchema,
});
export type ShootCreate = z.output<typeof shootCreateSchema>;

/** `POST /field/shoot/createMultipleReports`: field uuid → package; at least one field. */
export const multipleReportsSchema = z.strictObject({
  selectedFields: z
    .record(uuidSchema, z.strictObject({ shoots: shootsSchema, service: serviceSchema }))
    .refine((value) => Object.keys(value).length > 0, COMMERCE_MESSAGES.atLeastOneField),
});

/** `PUT /field/reports/delete`: one cart group (field id + service). */
export const cartGroupDeleteSchema = z.strictObject({
  fieldId: z.coerce.number().int().positive(),
  service: serviceSchema,
});

/** `GET /fields` query: `type=cart` answers the cart. */
export const fieldListQuerySchema = z.object({ type: z.enum(['cart']).optional() });

export const couponCodeSchema = z
  .string({ error: COMMERCE_MESSAGES.couponRequired })
  .trim()
  .min(1, COMMERCE_MESSAGES.couponRequired)
  .max(64)
  .transform((code) => code.toUpperCase());

const optionalDate = z.coerce.date().nullish();

/** Administrators' `POST /coupons`. */
export const couponCreateSchema = z.strictObject({
  code: couponCodeSchema.pipe(z.string().regex(/^[A-Z0-9_-]+$/, 'Letters, digits, - and _ only')),
  discountPercent: z.number().min(0).max(100),
  minTotalHectares: z.number().min(0).nullish(),
  waivesE2eMinimum: z.boolean().optional().default(false),
  validFrom: optionalDate,
  validTo: optionalDate,
});
export type CouponCreate = z.output<typeof couponCreateSchema>;

/** Transaction type as the web app sends it: 0 receipt, 1 invoice (names accepted too). */
const transactionTypeSchema = z
  .union([z.literal(0), z.literal(1), z.enum(['receipt', 'invoice'])])
  .transform((value): 'receipt' | 'invoice' => (value === 1 || value === 'invoice' ? 'invoice' : 'receipt'));

/**
 * `POST /orders/create`. Cart items name the groups bought (field id + service); any prices the client
 * puts in them, and the `total`/`finalPrice` it may send, are ignored: the server computes every total.
 */
export const orderCreateSchema = z.strictObject({
  cartItems: z
    .array(z.looseObject({ fieldId: z.coerce.number().int().positive(), service: serviceSchema }))
    .min(1, COMMERCE_MESSAGES.noCartItems)
    .max(1000),
  /** Id of one of the caller's addresses (receipts). */
  billingAddress: z.coerce.number().int().positive().nullish(),
  transactionType: transactionTypeSchema,
  paymentMethod: z
    .enum(PAYMENT_METHODS)
    .refine((method) => method === 'wire_transfer', 'Only wire transfer is available')
    .optional()
    .default('wire_transfer'),
  couponCode: z.string().trim().max(64).nullish(),
  paymentDetails: invoiceDetailsSchema.nullish(),
  idempotencyKey: z.string().trim().min(8).max(200).optional(),
  /** Accepted and ignored: totals are the server's. */
  total: z.unknown().optional(),
  finalPrice: z.unknown().optional(),
});
export type OrderCreate = z.output<typeof orderCreateSchema>;

/**
 * Administrators' `PUT /orders`: the order by the spec's `order` key or by `orderUuid` (what our web
 * app sends); one of them is required, and both must name the same order.
 */
export const orderStatusUpdateSchema = z
  .strictObject({
    orderUuid: uuidSchema.optional(),
    order: uuidSchema.optional(),
    status: z.enum(ORDER_STATUSES),
  })
  .refine((body) => body.orderUuid !== undefined || body.order !== undefined, {
    message: 'Please name the order (order or orderUuid)',
    path: ['order'],
  })
  .refine((body) => !body.orderUuid || !body.order || body.orderUuid === body.order, {
    message: 'order and orderUuid name different orders',
    path: ['order'],
  })
  .transform(({ orderUuid, order, status }) => ({ orderUuid: (orderUuid ?? order) as string, status }));
