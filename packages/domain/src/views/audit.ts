/** Staff actions the audit log records (docs/DASHBOARD.md). */
export const AUDIT_ACTIONS = [
  'order.status',
  'shoot.assign',
  'user.create',
  'user.update',
  'coupon.create',
  'coupon.deactivate',
  'deploy.production',
  'maintenance.on',
  'maintenance.off',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit entry: who (as they were then), did what, to which record, when. */
export interface AuditEntryView {
  id: number;
  at: string;
  actor: { uuid: string | null; name: string; role: string };
  action: AuditAction;
  target: { type: string; id: string; label: string | null };
  /** What changed, e.g. `{ from: 'pending_payment', to: 'complete' }`. */
  details: Record<string, unknown>;
}

/** `GET /audit`: newest first, a page at a time. */
export interface AuditPageView {
  data: AuditEntryView[];
  page: number;
  pageSize: number;
  total: number;
}
