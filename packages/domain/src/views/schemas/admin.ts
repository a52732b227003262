import { z } from 'zod';
import type { MaintenanceView } from '../../maintenance.ts';
import type {
  AnalyticsOverview,
  FieldMapPoint,
  FieldOutlinesAnswer,
  GrowthWeek,
  OrdersMonth,
} from '../analytics.ts';
import type { AuditEntryView, AuditPageView } from '../audit.ts';
import { AUDIT_ACTIONS } from '../audit.ts';
import type { DeployRunView, DeployStatusView } from '../deploy.ts';
import type { NotificationsAnswer, NotificationView } from '../notification.ts';
import type { DataExportAnswer, DataExportView } from '../privacy.ts';
import { DATA_EXPORT_STATUSES } from '../privacy.ts';
import { agree, type Loosen, type Same } from './agreement.ts';

export const growthWeekSchema = z.strictObject({
  weekStart: z.string(),
  orders: z.number(),
  orderValue: z.number(),
  couponOrders: z.number(),
});
export const ordersMonthSchema = z.strictObject({
  month: z.string(),
  complete: z.number(),
  pendingPayment: z.number(),
  orderValue: z.number(),
});
export const analyticsOverviewSchema = z.strictObject({
  range: z.strictObject({ from: z.string(), to: z.string() }),
  reports: z.strictObject({
    numOfInputImgs: z.number(),
    numOfOutputImgs: z.number(),
    totalStressedPoints: z.number(),
    services: z.strictObject({ e2e: z.number(), manual: z.number() }),
  }),
  fields: z.strictObject({
    totalHectares: z.number(),
    totalHectaresWithShoots: z.number(),
    totalNumOfFieldsWithShoots: z.number(),
    totalNumOfFields: z.number(),
  }),
  companies: z.strictObject({ totalNum: z.number() }),
  orders: z.strictObject({
    total: z.number(),
    byPaymentMethod: z.strictObject({ wire_transfer: z.number(), card: z.number(), stripe: z.number() }),
  }),
  shootStatuses: z.strictObject({
    complete: z.number(),
    unassigned: z.number(),
    assigned_to_drone_admin: z.number(),
    assigned_to_drone_operator: z.number(),
    confirmed_shoot_dates: z.number(),
  }),
  growth: z.array(growthWeekSchema),
  monthlyOrders: z.array(ordersMonthSchema),
});
export const fieldMapPointSchema = z.strictObject({
  uuid: z.string(),
  title: z.string(),
  hectares: z.number(),
  lng: z.number(),
  lat: z.number(),
});
export const fieldOutlinesAnswerSchema = z.strictObject({
  data: z.array(
    z.strictObject({ uuid: z.string(), title: z.string(), ring: z.array(z.tuple([z.number(), z.number()])) }),
  ),
  truncated: z.boolean(),
});
export const auditEntryViewSchema = z.strictObject({
  id: z.number(),
  at: z.string(),
  actor: z.strictObject({ uuid: z.string().nullable(), name: z.string(), role: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.strictObject({ type: z.string(), id: z.string(), label: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()),
});
export const auditPageViewSchema = z.strictObject({
  data: z.array(auditEntryViewSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export const deployRunViewSchema = z.strictObject({
  at: z.string(),
  by: z.string(),
  method: z.enum(['command', 'webhook']),
  outcome: z.enum(['failed', 'succeeded']),
  code: z.number().nullable(),
});
export const deployStatusViewSchema = z.strictObject({
  configured: z.boolean(),
  method: z.enum(['command', 'webhook']).nullable(),
  running: z.boolean(),
  lastRun: deployRunViewSchema.nullable(),
});
export const notificationViewSchema = z.strictObject({
  uuid: z.string(),
  type: z.string(),
  details: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createdAt: z.string(),
});
export const notificationsAnswerSchema = z.strictObject({
  data: z.array(notificationViewSchema),
  unread: z.number(),
});
export const dataExportViewSchema = z.strictObject({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  filesTotal: z.number().nullable(),
  filesDone: z.number(),
  bytes: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export const dataExportAnswerSchema = z.strictObject({ export: dataExportViewSchema.nullable() });
export const maintenanceViewSchema = z.strictObject({
  on: z.boolean(),
  source: z.enum(['config', 'admin']).nullable(),
  since: z.string().nullable(),
});

agree<Same<Loosen<z.infer<typeof growthWeekSchema>>, Loosen<GrowthWeek>>>(true);
agree<Same<Loosen<z.infer<typeof ordersMonthSchema>>, Loosen<OrdersMonth>>>(true);
agree<Same<Loosen<z.infer<typeof analyticsOverviewSchema>>, Loosen<AnalyticsOverview>>>(true);
agree<Same<Loosen<z.infer<typeof fieldMapPointSchema>>, Loosen<FieldMapPoint>>>(true);
agree<Same<Loosen<z.infer<typeof fieldOutlinesAnswerSchema>>, Loosen<FieldOutlinesAnswer>>>(true);
agree<Same<Loosen<z.infer<typeof auditEntryViewSchema>>, Loosen<AuditEntryView>>>(true);
agree<Same<Loosen<z.infer<typeof auditPageViewSchema>>, Loosen<AuditPageView>>>(true);
agree<Same<Loosen<z.infer<typeof deployRunViewSchema>>, Loosen<DeployRunView>>>(true);
agree<Same<Loosen<z.infer<typeof deployStatusViewSchema>>, Loosen<DeployStatusView>>>(true);
agree<Same<Loosen<z.infer<typeof notificationViewSchema>>, Loosen<NotificationView>>>(true);
agree<Same<Loosen<z.infer<typeof notificationsAnswerSchema>>, Loosen<NotificationsAnswer>>>(true);
agree<Same<Loosen<z.infer<typeof dataExportViewSchema>>, Loosen<DataExportView>>>(true);
agree<Same<Loosen<z.infer<typeof maintenanceViewSchema>>, Loosen<MaintenanceView>>>(true);
agree<Same<Loosen<z.infer<typeof dataExportAnswerSchema>>, Loosen<DataExportAnswer>>>(true);

/** `GET /config/public`: the settings the web app shows (payment details, map tiles, maintenance). */
export const publicConfigViewSchema = z.strictObject({
  paymentMethods: z.strictObject({
    salesEmail: z.string(),
    wireTransfer: z.boolean(),
    accountHolder: z.string(),
    bankName: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
  }),
  recaptchaSiteKey: z.string().nullable(),
  map: z.strictObject({
    satelliteTilesUrl: z.string(),
    satelliteAttribution: z.string(),
    styleUrl: z.string().nullable(),
  }),
  maintenance: maintenanceViewSchema,
});
export type PublicConfigView = z.infer<typeof publicConfigViewSchema>;
