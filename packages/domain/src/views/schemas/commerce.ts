import { z } from 'zod';
import { SERVICES } from '../../constants.ts';
import { ORDER_STATUSES } from '../../statuses/order-status.ts';
import { REPORT_STATUSES } from '../../statuses/report-status.ts';
import type { AdminCouponView, CouponView, OrderReportView, OrderView } from '../commerce.ts';
import { userViewSchema } from '../response-schemas.ts';
import type { AddressView } from '../user.ts';
import { agree, type Loosen, type Same } from './agreement.ts';

export const addressViewSchema = z.strictObject({
  id: z.number(),
  city: z.string(),
  country: z.string(),
  state: z.string(),
  zip_postcode: z.string(),
  line_1: z.string(),
  line_2: z.string().nullable(),
  line_3: z.string().nullable(),
  isBilling: z.boolean(),
  isShipping: z.boolean(),
});
export const couponViewSchema = z.strictObject({
  code: z.string(),
  discountPercent: z.number(),
  details: z.strictObject({ minTotalHectares: z.number().nullable() }),
  waivesE2eMinimum: z.boolean(),
});
export const adminCouponViewSchema = z.strictObject({
  id: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  code: z.string(),
  discountPercent: z.number(),
  details: z.strictObject({ minTotalHectares: z.number().nullable() }),
  waivesE2eMinimum: z.boolean(),
});
export const orderReportViewSchema = z.strictObject({
  Fields: z
    .strictObject({ id: z.number(), uuid: z.string(), title: z.string(), area: z.number() })
    .nullable(),
  fieldTitle: z.string(),
  fieldArea: z.number(),
  id: z.number(),
  uuid: z.string(),
  service: z.enum(SERVICES),
  shoots: z.number(),
  status: z.enum(REPORT_STATUSES),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  fieldId: z.number().nullable(),
  processedAt: z.string().nullable(),
  camera: z.string().nullable(),
  numOfInputImgs: z.number().nullable(),
  numOfOutputImgs: z.number().nullable(),
  layers: z.array(z.string()),
});
export const orderViewSchema = z.strictObject({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(ORDER_STATUSES),
  transactionType: z.enum(['receipt', 'invoice']),
  paymentMethod: z.string(),
  total: z.number(),
  finalPrice: z.number(),
  discountPercent: z.number(),
  coupon: z.strictObject({ code: z.string(), discountPercent: z.number() }).nullable(),
  billingAddress: z.record(z.string(), z.string().nullable()).nullable(),
  paymentDetails: z.record(z.string(), z.string().nullable()).nullable(),
  createdAt: z.string(),
  user: userViewSchema.pick({
    uuid: true,
    firstName: true,
    lastName: true,
    email: true,
    mobile: true,
    location: true,
  }),
  Reports: z.array(orderReportViewSchema),
  numOfReport: z.number(),
});

agree<Same<Loosen<z.infer<typeof addressViewSchema>>, Loosen<AddressView>>>(true);
agree<Same<Loosen<z.infer<typeof couponViewSchema>>, Loosen<CouponView>>>(true);
agree<Same<Loosen<z.infer<typeof adminCouponViewSchema>>, Loosen<AdminCouponView>>>(true);
agree<Same<Loosen<z.infer<typeof orderReportViewSchema>>, Loosen<OrderReportView>>>(true);
agree<Same<Loosen<z.infer<typeof orderViewSchema>>, Loosen<OrderView>>>(true);
