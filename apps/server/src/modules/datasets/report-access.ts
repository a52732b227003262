import {
  canSeeReport as domainCanSeeReport,
  canSeeReportData as domainCanSeeReportData,
  mayConfirmImaging as domainMayConfirmImaging,
  DATASET_MESSAGES as M,
  mayUploadReportData,
  REPORT_STATUSES_AWAITING_DATA,
  type ReportFacts,
  type Role,
  reportFacts,
} from '@ampelos/domain';
import { policyActor } from '../auth/policy.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { ReportContext } from './repository.ts';

/** Statuses in which a report awaits data (the upload action is hidden in every other). */
const AWAITING_DATA: readonly string[] = REPORT_STATUSES_AWAITING_DATA;

/** A report as the domain's report policies see it (packages/domain/src/policies/report.ts). */
function factsOf(context: ReportContext): ReportFacts {
  return reportFacts({
    ...context.report,
    ownerCompanyId: context.owner.companyId,
    fieldCompanyId: context.field?.companyId ?? null,
    crew: context.shoot,
  });
}

export function mayConfirmImaging(auth: AuthContext): boolean {
  return domainMayConfirmImaging(auth.user.role as Role);
}

/** Who sees a report and its files; anyone else gets the same 404 as for a missing report. */
export function canSeeReport(auth: AuthContext, context: ReportContext): boolean {
  return domainCanSeeReport(policyActor(auth), factsOf(context));
}

/** Who sees a report's upload panel: whoever sees the report, and its drone crew. */
export function canSeeReportData(auth: AuthContext, context: ReportContext): boolean {
  return domainCanSeeReportData(policyActor(auth), factsOf(context));
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
  if (!mayUploadReportData(policyActor(auth), factsOf(context)))
    return { status: 403, msg: M.uploadNotAllowed };
  const { report } = context;
  if (!AWAITING_DATA.includes(report.status)) return { status: 409, msg: M.uploadWrongStatus };
  if ((report.validFrom && now < report.validFrom) || (report.validTo && now > report.validTo)) {
    return { status: 409, msg: M.uploadOutsideValidity };
  }
  return null;
}
