import { B2B_ROLES, type Role } from '../roles/roles.ts';
import { fieldScope } from './field.ts';
import type { PolicyActor, RecordFacts, ShootCrew } from './policy.ts';
import { isShootCrew, REPORT_ACTION_STAFF } from './shoot.ts';

/** Operations staff confirm a camera layout or a flight height the engine could not establish. */
export const CONFIRM_IMAGING_ROLES: readonly Role[] = ['admin', 'operation_admin'];

export function mayConfirmImaging(role: Role): boolean {
  return CONFIRM_IMAGING_ROLES.includes(role);
}

/** A report as the report policies see it: its owner and company, whether it is still in a cart. */
export interface ReportFacts extends RecordFacts {
  inCart?: boolean;
  /** The company of the report's field (a b2b colleague's field), besides the owner's. */
  fieldCompanyId?: number | null;
  service?: 'e2e' | 'manual';
}

/**
 * A report's facts from its row and what it joins (owner's and field's company, its shoot's crew):
 * one mapping for the access helper's batch and for a report context already loaded.
 */
export function reportFacts(report: {
  ownerId: number;
  status: string;
  service: string;
  ownerCompanyId: number | null;
  fieldCompanyId: number | null;
  crew: ShootCrew | null;
}): ReportFacts {
  const service = report.service === 'manual' ? 'manual' : 'e2e';
  return {
    ownerId: report.ownerId,
    ownerCompanyId: report.ownerCompanyId,
    fieldCompanyId: report.fieldCompanyId,
    inCart: report.status === 'pending',
    service,
    ...(service === 'e2e' && report.crew ? { crew: report.crew } : {}),
  };
}

function sameCompany(actor: PolicyActor, report: ReportFacts): boolean {
  if (actor.companyId === null || !B2B_ROLES.includes(actor.role)) return false;
  return report.fieldCompanyId === actor.companyId || report.ownerCompanyId === actor.companyId;
}

/**
 * Who sees a report and its results: staff, the customer, and the customer's company for b2b. A report
 * still in someone's cart is its owner's only.
 */
export function canSeeReport(actor: PolicyActor, report: ReportFacts): boolean {
  if (report.ownerId === actor.userId) return true;
  if (report.inCart) return false;
  if (fieldScope(actor.role) === 'all') return true;
  return sameCompany(actor, report);
}

/** The E2E report's drone crew (its shoot's pilot, organisation, or the pilot's organisation). */
export function isReportCrew(actor: PolicyActor, report: ReportFacts): boolean {
  if (report.service === 'manual' || !report.crew) return false;
  return isShootCrew(actor, report.crew);
}

/** Who sees a report's upload panel: whoever sees the report, and its drone crew. */
export function canSeeReportData(actor: PolicyActor, report: ReportFacts): boolean {
  return canSeeReport(actor, report) || isReportCrew(actor, report);
}

/**
 * Who may upload a report's data (status aside): the staff of the report action always; for a
 * bring-your-own-images report its customer (the buyer or a b2b colleague); for E2E its crew.
 */
export function mayUploadReportData(actor: PolicyActor, report: ReportFacts): boolean {
  if (REPORT_ACTION_STAFF.includes(actor.role)) return true;
  if (report.service === 'manual') return report.ownerId === actor.userId || sameCompany(actor, report);
  return isReportCrew(actor, report);
}
