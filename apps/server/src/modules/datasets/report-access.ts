import {
  B2B_ROLES,
  fieldScope,
  isShootCrew,
  DATASET_MESSAGES as M,
  REPORT_STATUSES_AWAITING_DATA,
  type Role,
} from '@ampelos/domain';
import type { AuthContext } from '../auth/sessions.ts';
import type { ReportContext } from './repository.ts';

/** Spec section 6: these roles may always use the report action (upload a dataset). */
const ALWAYS_UPLOAD: readonly Role[] = ['admin', 'financial_admin', 'operation_admin'];
/** Operations staff confirm a camera layout or a flight height the engine could not establish. */
const CONFIRM_IMAGING: readonly Role[] = ['admin', 'operation_admin'];

export function mayConfirmImaging(auth: AuthContext): boolean {
  return CONFIRM_IMAGING.includes(auth.user.role as Role);
}

/** Statuses in which a report awaits data (the upload action is hidden in every other). */
const AWAITING_DATA: readonly string[] = REPORT_STATUSES_AWAITING_DATA;

function sameCompany(auth: AuthContext, context: ReportContext): boolean {
  const companyId = auth.user.companyId;
  if (companyId === null || !B2B_ROLES.includes(auth.user.role as Role)) return false;
  return context.field?.companyId === companyId || context.owner.companyId === companyId;
}

/**
 * Who sees a report and its files: staff, the customer, and the customer's company for b2b. A report
 * still in someone's cart is its owner's only. Anyone else gets the same 404 as for a missing report.
 */
export function canSeeReport(auth: AuthContext, context: ReportContext): boolean {
  if (context.report.ownerId === auth.user.id) return true;
  if (context.report.status === 'pending') return false;
  if (fieldScope(auth.user.role) === 'all') return true;
  return sameCompany(auth, context);
}

/**
 * The E2E report's drone crew: the pilot assigned to its shoot, the organisation (drone_admin)
 * assigned to it, or the organisation of the assigned pilot. Nobody before the shoot exists.
 */
export function isAssignedDroneStaff(auth: AuthContext, context: ReportContext): boolean {
  if (context.report.service !== 'e2e' || !context.shoot) return false;
  const actor = { role: auth.user.role as Role, userId: auth.user.id, companyId: auth.user.companyId };
  return isShootCrew(actor, context.shoot);
}

/**
 * Who sees a report's upload panel (`GET /data`: may I upload, the files, the progress): whoever sees
 * the report, and its drone crew, who upload its data. The results (tiles, photos, PDF) stay the
 * customer's and the staff's: `canSeeReport`.
 */
export function canSeeReportData(auth: AuthContext, context: ReportContext): boolean {
  return canSeeReport(auth, context) || isAssignedDroneStaff(auth, context);
}

/** Whether the caller may upload data for a report at all (status aside). */
function mayUpload(auth: AuthContext, context: ReportContext): boolean {
  const role = auth.user.role as Role;
  if (ALWAYS_UPLOAD.includes(role)) return true;
  if (context.report.service === 'manual') {
    // The customer: the buyer, or a b2b colleague who manages the same company's fields.
    return context.report.ownerId === auth.user.id || sameCompany(auth, context);
  }
  return isAssignedDroneStaff(auth, context);
}

/**
 * Null when the caller may upload data for this report now; otherwise the reason with its status
 * (403 not allowed, 409 the report does not await data). Callers check visibility first.
 */
export function uploadRefusal(
  auth: AuthContext,
  context: ReportContext,
  now: Date,
): { status: 403 | 409; msg: string } | null {
  if (!mayUpload(auth, context)) return { status: 403, msg: M.uploadNotAllowed };
  const { report } = context;
  if (!AWAITING_DATA.includes(report.status)) return { status: 409, msg: M.uploadWrongStatus };
  if ((report.validFrom && now < report.validFrom) || (report.validTo && now > report.validTo)) {
    return { status: 409, msg: M.uploadOutsideValidity };
  }
  return null;
}
