import type {
  ReportAwaitingShootView,
  ReportStatus,
  ShootFieldView,
  ShootOwnerView,
  ShootStatus,
  ShootsAnswer,
  ShootView,
} from '@ampelos/domain';
import { isShootStatus } from '@ampelos/domain';

/**
 * A row of the Shoots list: a shoot, or (admin roles) an E2E report that has no shoot yet, shown when
 * the report-status filter asks for pending, pending_payment or processing.
 */
export type ShootEntry =
  | { kind: 'shoot'; key: string; shoot: ShootView; field: ShootFieldView | null; owner: ShootOwnerView }
  | {
      kind: 'report';
      key: string;
      awaiting: ReportAwaitingShootView;
      field: ShootFieldView | null;
      owner: ShootOwnerView;
    };

export function entryReportStatus(entry: ShootEntry): ReportStatus {
  return entry.kind === 'shoot' ? entry.shoot.report.status : entry.awaiting.report.status;
}

export function entryReportUuid(entry: ShootEntry): string {
  return entry.kind === 'shoot' ? entry.shoot.report.uuid : entry.awaiting.report.uuid;
}

export interface ShootFilters {
  reportStatuses: readonly ReportStatus[];
  shootStatuses: readonly ShootStatus[];
  /** "Need Assignment": only shoots that are unassigned with their report processing_pending. */
  needAssignment: boolean;
}

export const NO_FILTERS: ShootFilters = { reportStatuses: [], shootStatuses: [], needAssignment: false };

/** The report statuses only the admin roles filter by (reports without a shoot). */
export const AWAITING_REPORT_STATUSES: readonly ReportStatus[] = ['pending', 'pending_payment', 'processing'];
/** The report statuses a shoot's report can have. */
export const SHOOT_REPORT_STATUSES: readonly ReportStatus[] = [
  'processing_pending',
  'processing_data',
  'complete',
];

/**
 * The rows to list under the filters: shoots by report and shoot status (an empty filter lets all
 * through); reports awaiting a shoot only when their status is asked for and no shoot status is.
 */
export function filterEntries(answer: ShootsAnswer, filters: ShootFilters): ShootEntry[] {
  const reportOk = (status: ReportStatus) =>
    filters.reportStatuses.length === 0 || filters.reportStatuses.includes(status);
  const shoots: ShootEntry[] = answer.data
    .filter((shoot) => !filters.needAssignment || shoot.needsAssignment)
    .filter((shoot) => reportOk(shoot.report.status))
    .filter((shoot) => filters.shootStatuses.length === 0 || filters.shootStatuses.includes(shoot.status))
    .map((shoot) => ({ kind: 'shoot', key: shoot.uuid, shoot, field: shoot.field, owner: shoot.owner }));
  if (filters.needAssignment || filters.shootStatuses.length > 0) return shoots;
  const awaiting: ShootEntry[] = answer.reportsAwaitingShoot
    .filter((item) => filters.reportStatuses.includes(item.report.status))
    .map((item) => ({
      kind: 'report',
      key: item.report.uuid,
      awaiting: item,
      field: item.field,
      owner: item.owner,
    }));
  return [...shoots, ...awaiting];
}

export interface FieldGroup {
  key: string;
  title: string | null;
  entries: ShootEntry[];
}

export interface OwnerGroup {
  key: string;
  /** The owner's company (b2b) or the owner themself. */
  kind: 'company' | 'owner';
  label: string;
  fields: FieldGroup[];
}

/** The grouped view: owner or company, then field, then shoots; groups in the order first met. */
export function groupEntries(entries: readonly ShootEntry[]): OwnerGroup[] {
  const owners = new Map<string, OwnerGroup>();
  for (const entry of entries) {
    const company = entry.owner.company;
    const ownerKey = company ? `company:${company.uuid}` : `owner:${entry.owner.uuid}`;
    let owner = owners.get(ownerKey);
    if (!owner) {
      owner = {
        key: ownerKey,
        kind: company ? 'company' : 'owner',
        label: company ? company.title : `${entry.owner.firstName} ${entry.owner.lastName}`.trim(),
        fields: [],
      };
      owners.set(ownerKey, owner);
    }
    const fieldKey = entry.field ? `field:${entry.field.uuid}` : `deleted:${entryReportUuid(entry)}`;
    let field = owner.fields.find((group) => group.key === fieldKey);
    if (!field) {
      field = { key: fieldKey, title: entry.field?.title ?? null, entries: [] };
      owner.fields.push(field);
    }
    field.entries.push(entry);
  }
  return [...owners.values()];
}

/** The i18n key of a shoot status label (Unassigned, Assigned DA, Assigned DO, Confirmed, Complete). */
export function shootStatusKey(status: unknown): string {
  return isShootStatus(status) ? `shoots.status.${status}` : 'shoots.status.unknown';
}

const SHOOT_STATUS_COLOURS: Record<ShootStatus, string> = {
  unassigned: 'red',
  assigned_to_drone_admin: 'orange',
  assigned_to_drone_operator: 'yellow',
  confirmed_shoot_dates: 'blue',
  complete: 'green',
};

export function shootStatusColour(status: unknown): string {
  return isShootStatus(status) ? SHOOT_STATUS_COLOURS[status] : 'gray';
}
