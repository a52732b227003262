import { z } from 'zod';
import { SERVICES } from '../constants.ts';
import { ROLES } from '../roles/roles.ts';
import { REPORT_STATUSES } from '../statuses/report-status.ts';
import { SCHEDULE_TYPES, SHOOT_STATUSES } from '../statuses/shoot-status.ts';
import type { ReportView } from './commerce.ts';
import type { FieldView } from './field.ts';
import type { CartView, FieldListView, FieldShootView } from './field-lists.ts';
import { agree, type Loosen, type Same } from './schemas/agreement.ts';
import type { UserView } from './user.ts';

/**
 * The answers of the hot routes as zod schemas: the routes declare them (OpenAPI shows them, the
 * server serialises them with a compiled serializer), and every object is strict, so an answer that
 * carries a field its schema does not declare fails in development and tests instead of leaking.
 */

const day = z.string();
export const dayRangeViewSchema = z.strictObject({ start: day, end: day });
const dayRange = dayRangeViewSchema;

export const avatarViewSchema = z.strictObject({ xs: z.string().nullable(), md: z.string().nullable() });

export const userViewSchema = z.strictObject({
  id: z.number().int(),
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  location: z.string().nullable(),
  role: z.enum(ROLES),
  lang: z.enum(['en', 'el']),
  avatar: avatarViewSchema.nullable(),
  emailVerified: z.boolean(),
  marketingOptIn: z.boolean(),
  createdAt: z.string(),
  permissions: z.array(z.string()),
});

/** `{ msg }`: what sign-up, sign-out, verification and the password reset answer. */
export const messageAnswerSchema = z.strictObject({ msg: z.string() });
export const loginAnswerSchema = z.strictObject({ user: userViewSchema });

export const reportViewSchema = z.strictObject({
  id: z.number().int(),
  uuid: z.string(),
  service: z.enum(SERVICES),
  shoots: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  fieldId: z.number().int().nullable(),
  processedAt: z.string().nullable(),
  camera: z.string().nullable(),
  numOfInputImgs: z.number().int().nullable(),
  numOfOutputImgs: z.number().int().nullable(),
  layers: z.array(z.string()),
});

const position = z.tuple([z.number(), z.number()]);

/** Where a field lies, as every field answer names it. */
export const fieldLocationViewSchema = z.strictObject({
  region: z.string().nullable(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
});

export const fieldViewSchema = z.strictObject({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  location: fieldLocationViewSchema,
  area: z.number(),
  variety: z.string().nullable(),
  usedFor: z.number().int(),
  age: z.number().nullable(),
  altitude: z.number().nullable(),
  slope: z.number().nullable(),
  avgPlantHeight: z.number().nullable(),
  polygonPoints: z.array(position),
  mapDisplay: z.strictObject({ lat: z.number(), lng: z.number(), zoom: z.number() }).nullable(),
  centroid: z.strictObject({ lng: z.number(), lat: z.number() }),
  agroId: z.string().nullable(),
  avatar: avatarViewSchema.nullable(),
  Reports: z.array(reportViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: z
    .strictObject({ uuid: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .optional(),
});

export const fieldShootViewSchema = z.strictObject({
  id: z.number().int(),
  uuid: z.string(),
  reportId: z.number().int(),
  fieldId: z.number().int().nullable(),
  report: z.strictObject({ id: z.number().int(), uuid: z.string(), status: z.enum(REPORT_STATUSES) }),
  scheduleType: z.enum(SCHEDULE_TYPES),
  dateRange: dayRange.nullable(),
  shootDays: z.strictObject({ confirmed: dayRange, alternative: dayRange, final: day.nullable() }).nullable(),
  fixedDates: z.strictObject({ primary: day, alternative: day }).nullable(),
  status: z.enum(SHOOT_STATUSES),
  needsAssignment: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.strictObject({
    updateAvailability: z.boolean(),
    assignDroneAdmin: z.boolean(),
    assignDroneOperator: z.boolean(),
    confirmDates: z.boolean(),
    setFinalDay: z.boolean(),
    setFixedDates: z.boolean(),
    complete: z.boolean(),
  }),
});

export const fieldListViewSchema = z.strictObject({
  data: z.array(fieldViewSchema),
  shootData: z.array(fieldShootViewSchema),
});

export const cartViewSchema = z.strictObject({
  data: z.array(fieldViewSchema),
  shootData: z.array(z.strictObject({ fieldId: z.number().int() })),
  cartItems: z.array(
    z.strictObject({
      fieldId: z.number().int(),
      fieldUuid: z.string(),
      title: z.string(),
      service: z.enum(SERVICES),
      shoots: z.number().int(),
      hectares: z.number(),
      price: z.number(),
      reports: z.array(z.string()),
    }),
  ),
  totalHectares: z.number(),
  hasE2e: z.boolean(),
  totals: z.strictObject({
    originalPrice: z.number(),
    discountPercent: z.number(),
    savings: z.number(),
    discountedPrice: z.number(),
    couponDiscount: z.number(),
    finalPrice: z.number(),
    vat: z.number(),
  }),
});

// The schemas and the view types describe the same answers (a compile error when they drift apart).
agree<Same<Loosen<z.infer<typeof userViewSchema>>, Loosen<UserView>>>(true);
agree<Same<Loosen<z.infer<typeof reportViewSchema>>, Loosen<ReportView>>>(true);
agree<Same<Loosen<z.infer<typeof fieldViewSchema>>, Loosen<FieldView>>>(true);
agree<Same<Loosen<z.infer<typeof fieldShootViewSchema>>, Loosen<FieldShootView>>>(true);
agree<Same<Loosen<z.infer<typeof fieldListViewSchema>>, Loosen<FieldListView>>>(true);
agree<Same<Loosen<z.infer<typeof cartViewSchema>>, Loosen<CartView>>>(true);
