import { z } from 'zod';
import { ROLES } from '../roles/roles.ts';
import { isCalendarDay, SHOOT_MESSAGES } from '../scheduling.ts';
import { REPORT_STATUSES } from '../statuses/report-status.ts';
import { companySchema } from './company.ts';
import { HTTP_MESSAGES } from './http-messages.ts';
import { MESSAGES } from './messages.ts';
import { OPERATIONS_MESSAGES } from './operations-messages.ts';
import { emailSchema, langSchema, profileNameSchema } from './user.ts';

export { OPERATIONS_MESSAGES };

const uuidSchema = z.string().trim().uuid();
const idSchema = z.number().int().positive().max(2_147_483_647);
/** A numeric id or a uuid. */
const idOrUuidSchema = z.union([idSchema, uuidSchema]);

/** A calendar day `YYYY-MM-DD`; a full ISO timestamp is cut to its date part. */
export const calendarDaySchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value),
  z.string({ error: SHOOT_MESSAGES.invalidDay }).refine(isCalendarDay, SHOOT_MESSAGES.invalidDay),
);

/** An inclusive range of days; a single day (start === end) is allowed. */
export const dayRangeSchema = z
  .strictObject(
    { start: calendarDaySchema, end: calendarDaySchema },
    { error: SHOOT_MESSAGES.dateRangeRequired },
  )
  .refine((range) => range.end >= range.start, {
    message: SHOOT_MESSAGES.endBeforeStart,
    path: ['end'],
  });

/**
 * `PUT /field/shoot/update`: the customer's availability for an E2E report in processing. A customer
 * cannot choose fixed scheduling (staff do, with `POST /shoot/setFixedDates`).
 */
export const shootAvailabilitySchema = z.strictObject({
  reportUuid: uuidSchema,
  dateRange: dayRangeSchema.nullish(),
  scheduleType: z
    .enum(['flexible', 'fixed'])
    .refine((type) => type === 'flexible', SHOOT_MESSAGES.customerCannotFix)
    .optional(),
  /** Accepted and ignored: the report decides the field. */
  fieldUuid: uuidSchema.optional(),
});
export type ShootAvailabilityInput = z.input<typeof shootAvailabilitySchema>;

/** `PUT /shoot/{uuid}`: assign a drone operator organisation (drone_admin) or a pilot (drone_operator). */
export const shootAssignSchema = z
  .strictObject({
    droneAdminId: idOrUuidSchema.optional(),
    droneOperatorId: idOrUuidSchema.optional(),
    /** The spec's slot name; the id given decides. */
    type: z.enum(['droneAdmin', 'droneOperator', 'drone_admin', 'drone_operator']).optional(),
  })
  .refine((body) => (body.droneAdminId === undefined) !== (body.droneOperatorId === undefined), {
    message: 'Choose a Drone Operator or a Drone Pilot',
  });
export type ShootAssignInput = z.input<typeof shootAssignSchema>;

export const shootParamsSchema = z.object({ uuid: z.string().uuid({ error: SHOOT_MESSAGES.shootNotFound }) });

/**
 * `PUT /shoot/updateDates`. Confirm (default): `shootDays.confirmed` and `shootDays.alternative`
 * ranges. `updateType: 'final'`: `shootDays.final` a day to set, or null to reset it. The spec's other
 * keys (fieldUuid, status, fieldOwnerUuid) are accepted and ignored: the shoot decides them.
 */
export const shootDatesSchema = z
  .strictObject({
    shootUuid: uuidSchema,
    updateType: z.enum(['confirm', 'final']).optional().default('confirm'),
    shootDays: z
      .strictObject({
        confirmed: dayRangeSchema.nullish(),
        alternative: dayRangeSchema.nullish(),
        final: calendarDaySchema.nullish(),
      })
      .nullish(),
    fieldUuid: z.string().optional(),
    status: z.string().optional(),
    fieldOwnerUuid: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    const days = body.shootDays;
    if (body.updateType === 'confirm' && (!days?.confirmed || !days.alternative)) {
      ctx.addIssue({ code: 'custom', message: SHOOT_MESSAGES.dateRangeRequired, path: ['shootDays'] });
    }
    if (body.updateType === 'final' && (!days || days.final === undefined)) {
      ctx.addIssue({ code: 'custom', message: SHOOT_MESSAGES.invalidDay, path: ['shootDays', 'final'] });
    }
  });
export type ShootDatesInput = z.input<typeof shootDatesSchema>;

/**
 * `POST /shoot/setFixedDates` (staff): both days required. The shoot is found by shootUuid, or by
 * reportUuid (a processing E2E report without a shoot gets one). fieldUuid and fieldOwnerUuid are
 * accepted and ignored.
 */
export const fixedDatesSchema = z
  .strictObject({
    shootUuid: uuidSchema.optional(),
    reportUuid: uuidSchema.optional(),
    fieldUuid: z.string().optional(),
    fieldOwnerUuid: z.string().optional(),
    fixedPrimaryDate: calendarDaySchema.nullish(),
    fixedAlternativeDate: calendarDaySchema.nullish(),
  })
  .refine((body) => body.shootUuid !== undefined || body.reportUuid !== undefined, {
    message: SHOOT_MESSAGES.shootNotFound,
    path: ['shootUuid'],
  })
  .refine((body) => Boolean(body.fixedPrimaryDate && body.fixedAlternativeDate), {
    message: SHOOT_MESSAGES.fixedDatesRequired,
    path: ['fixedPrimaryDate'],
  });
export type FixedDatesInput = z.input<typeof fixedDatesSchema>;

/** `PUT /shoot/{uuid}/status`: the one status change not made by assignment or dates. */
export const shootStatusUpdateSchema = z.strictObject({ status: z.literal('complete') });

/** `POST /reports/update/status`. An unknown status answers "Unknown new status". */
export const reportStatusUpdateSchema = z.strictObject({
  reportUuid: uuidSchema,
  newStatus: z.enum(REPORT_STATUSES, { error: HTTP_MESSAGES.unknownNewStatus }),
});

/** `POST /reports/download/kml`: a field (id or uuid) or a report (uuid); exactly one. */
export const kmlRequestSchema = z
  .strictObject({
    fieldId: idOrUuidSchema.optional(),
    reportUuid: uuidSchema.optional(),
  })
  .refine((body) => (body.fieldId === undefined) !== (body.reportUuid === undefined), {
    message: 'fieldId or reportUuid is required',
  });

/** `GET /guides/how-to-fly?lang=el`: the caller's language when absent. */
export const guideQuerySchema = z.object({ lang: langSchema.optional() });

/** `GET /users?firstName=`: case-insensitive first-name search. */
export const usersQuerySchema = z.object({ firstName: z.string().trim().max(50).optional() });

/** `POST /users/find`: users of one role the caller may see (e.g. drone_admin for assignment). */
export const usersFindSchema = z.strictObject({ role: z.enum(ROLES) });

/** `POST /user/find`: one user by id or uuid. */
export const userFindSchema = z.strictObject({ id: idOrUuidSchema });

/**
 * `POST /users` (Add User). The new user receives an invitation e-mail with a link to set a password.
 * companyId: admins only (b2b and drone admins add to their own company); without one, a drone_admin
 * added by an admin gets a new drone operator organisation named `organisation` (or after the person).
 */
export const userCreateSchema = z.strictObject({
  firstName: profileNameSchema,
  lastName: profileNameSchema,
  email: emailSchema,
  role: z.enum(ROLES, { error: MESSAGES.chooseRole }),
  companyId: idSchema.nullish(),
  organisation: z.string().trim().min(2, MESSAGES.englishText).max(100, MESSAGES.englishText).optional(),
  mobile: z.string().trim().min(5, MESSAGES.mobile).max(20, MESSAGES.mobile).nullish(),
  location: z.string().trim().min(2, MESSAGES.location).max(50, MESSAGES.location).nullish(),
  lang: langSchema.optional(),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

export const COMPANY_KINDS = ['customer', 'drone_operator'] as const;

/** `POST /companies` (admin): the invoice details inputs, plus the kind of company. */
export const companyCreateSchema = companySchema.extend({
  kind: z.enum(COMPANY_KINDS).optional().default('customer'),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreate = z.output<typeof companyCreateSchema>;

export const companyParamsSchema = z.object({ uuid: z.string().uuid({ error: 'Company not found' }) });
