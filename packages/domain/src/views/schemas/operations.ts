import { z } from 'zod';
import { LANGS, SERVICES } from '../../constants.ts';
import { ROLES } from '../../roles/roles.ts';
import { REPORT_STATUSES } from '../../statuses/report-status.ts';
import { SCHEDULE_TYPES, SHOOT_STATUSES } from '../../statuses/shoot-status.ts';
import { COMPANY_KINDS } from '../../validation/operations.ts';
import type { CompanyView } from '../company.ts';
import type {
  CompaniesAnswer,
  CompanyDetailAnswer,
  CompanyDetailView,
  CompanyListView,
  CompanyUserView,
  FixedDatesView,
  ReportAwaitingShootView,
  ShootActionsView,
  ShootAnswer,
  ShootDaysView,
  ShootFieldView,
  ShootOwnerView,
  ShootPersonView,
  ShootReportView,
  ShootsAnswer,
  ShootView,
  UserAdminView,
  UserAnswer,
  UsersAnswer,
} from '../operations.ts';
import { avatarViewSchema, dayRangeViewSchema, fieldViewSchema } from '../response-schemas.ts';
import { agree, type Loosen, type Same } from './agreement.ts';

export const companyViewSchema = z.strictObject({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  vatId: z.string().nullable(),
  activity: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  taxAuthority: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  avatar: z.strictObject({ xs: z.string(), md: z.string() }).nullable(),
  invoiceDetails: z
    .strictObject({
      firmTitle: z.string(),
      firmActivity: z.string(),
      vatId: z.string(),
      email: z.string(),
      telephone: z.string(),
      city: z.string(),
      address: z.string(),
      zipCode: z.string(),
      taxAuthority: z.string(),
      state: z.string(),
      country: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export const companyListViewSchema = companyViewSchema.extend({
  kind: z.enum(COMPANY_KINDS),
  userCount: z.number(),
});
export const companiesAnswerSchema = z.strictObject({ data: z.array(companyListViewSchema) });
export const companyUserViewSchema = z.strictObject({
  id: z.number(),
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  editable: z.boolean(),
});
export const companyDetailViewSchema = companyListViewSchema.extend({
  users: z.array(companyUserViewSchema),
});
export const companyDetailAnswerSchema = z.strictObject({
  data: companyDetailViewSchema,
  msg: z.string().optional(),
});
export const shootReportViewSchema = z.strictObject({
  id: z.number(),
  uuid: z.string(),
  service: z.enum(SERVICES),
  status: z.enum(REPORT_STATUSES),
  shoots: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** The shoot's field: the field view without its reports and owner (the shoot has its own). */
export const shootFieldViewSchema = fieldViewSchema.omit({ Reports: true, owner: true });
export const shootPersonViewSchema = z.strictObject({
  id: z.number(),
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
});
export const shootOwnerViewSchema = shootPersonViewSchema.extend({
  location: z.string().nullable(),
  company: z.strictObject({ id: z.number(), uuid: z.string(), title: z.string() }).nullable(),
});
export const shootDaysViewSchema = z.strictObject({
  confirmed: dayRangeViewSchema,
  alternative: dayRangeViewSchema,
  final: z.string().nullable(),
});
export const fixedDatesViewSchema = z.strictObject({ primary: z.string(), alternative: z.string() });
export const shootActionsViewSchema = z.strictObject({
  updateAvailability: z.boolean(),
  assignDroneAdmin: z.boolean(),
  assignDroneOperator: z.boolean(),
  confirmDates: z.boolean(),
  setFinalDay: z.boolean(),
  setFixedDates: z.boolean(),
  complete: z.boolean(),
});
export const shootViewSchema = z.strictObject({
  id: z.number(),
  uuid: z.string(),
  reportId: z.number(),
  fieldId: z.number().nullable(),
  report: shootReportViewSchema,
  field: shootFieldViewSchema.nullable(),
  owner: shootOwnerViewSchema,
  droneAdmin: shootPersonViewSchema.nullable(),
  droneOperator: shootPersonViewSchema.nullable(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  dateRange: dayRangeViewSchema.nullable(),
  shootDays: shootDaysViewSchema.nullable(),
  fixedDates: fixedDatesViewSchema.nullable(),
  status: z.enum(SHOOT_STATUSES),
  needsAssignment: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: shootActionsViewSchema,
});
export const reportAwaitingShootViewSchema = z.strictObject({
  report: shootReportViewSchema,
  field: shootFieldViewSchema.nullable(),
  owner: shootOwnerViewSchema,
});
export const shootsAnswerSchema = z.strictObject({
  data: z.array(shootViewSchema),
  needsAssignment: z.number().int(),
  reportsAwaitingShoot: z.array(reportAwaitingShootViewSchema),
});
export const shootAnswerSchema = z.strictObject({
  data: shootViewSchema,
  msg: z.string(),
  OK: z.literal(true).optional(),
});
export const userAdminViewSchema = z.strictObject({
  id: z.number(),
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  location: z.string().nullable(),
  role: z.enum(ROLES),
  lang: z.enum(LANGS),
  avatar: avatarViewSchema.nullable(),
  emailVerified: z.boolean(),
  invitationPending: z.boolean(),
  createdAt: z.string(),
  company: z
    .strictObject({
      id: z.number(),
      uuid: z.string(),
      title: z.string(),
      email: z.string().nullable(),
      telephone: z.string().nullable(),
      activity: z.string().nullable(),
    })
    .nullable(),
  editable: z.boolean(),
});
export const usersAnswerSchema = z.strictObject({
  data: z.array(userAdminViewSchema),
  grantableRoles: z.array(z.enum(ROLES)),
});
export const userAnswerSchema = z.strictObject({ data: userAdminViewSchema, msg: z.string().optional() });

agree<Same<Loosen<z.infer<typeof companyListViewSchema>>, Loosen<CompanyListView>>>(true);
agree<Same<Loosen<z.infer<typeof companyUserViewSchema>>, Loosen<CompanyUserView>>>(true);
agree<Same<Loosen<z.infer<typeof companyDetailViewSchema>>, Loosen<CompanyDetailView>>>(true);
agree<Same<Loosen<z.infer<typeof companyDetailAnswerSchema>>, Loosen<CompanyDetailAnswer>>>(true);
agree<Same<Loosen<z.infer<typeof companyViewSchema>>, Loosen<CompanyView>>>(true);
agree<Same<Loosen<z.infer<typeof shootReportViewSchema>>, Loosen<ShootReportView>>>(true);
agree<Same<Loosen<z.infer<typeof shootFieldViewSchema>>, Loosen<ShootFieldView>>>(true);
agree<Same<Loosen<z.infer<typeof shootOwnerViewSchema>>, Loosen<ShootOwnerView>>>(true);
agree<Same<Loosen<z.infer<typeof shootPersonViewSchema>>, Loosen<ShootPersonView>>>(true);
agree<Same<Loosen<z.infer<typeof shootDaysViewSchema>>, Loosen<ShootDaysView>>>(true);
agree<Same<Loosen<z.infer<typeof fixedDatesViewSchema>>, Loosen<FixedDatesView>>>(true);
agree<Same<Loosen<z.infer<typeof shootActionsViewSchema>>, Loosen<ShootActionsView>>>(true);
agree<Same<Loosen<z.infer<typeof shootViewSchema>>, Loosen<ShootView>>>(true);
agree<Same<Loosen<z.infer<typeof reportAwaitingShootViewSchema>>, Loosen<ReportAwaitingShootView>>>(true);
agree<Same<Loosen<z.infer<typeof shootAnswerSchema>>, Loosen<ShootAnswer>>>(true);
agree<Same<Loosen<z.infer<typeof userAdminViewSchema>>, Loosen<UserAdminView>>>(true);
agree<Same<Loosen<z.infer<typeof userAnswerSchema>>, Loosen<UserAnswer>>>(true);
agree<Same<Loosen<z.infer<typeof usersAnswerSchema>>, Loosen<UsersAnswer>>>(true);
agree<Same<Loosen<z.infer<typeof companiesAnswerSchema>>, Loosen<CompaniesAnswer>>>(true);
agree<Same<Loosen<z.infer<typeof shootsAnswerSchema>>, Loosen<ShootsAnswer>>>(true);
