import {
  can,
  canTransitionReport,
  fieldScope,
  HTTP_MESSAGES,
  OPERATIONS_MESSAGES,
  type ReportStatus,
  type Role,
  reportStatusLabel,
  shootScope,
} from '@ampelos/domain';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { fieldToKml } from '../fields/kml.ts';
import type { FieldRow, ShootRepository } from '../shoots/repository.ts';
import type { ReportLifecycle } from './lifecycle.ts';
import type { ReportEvents } from './report-events.ts';
import type { ReportRepository, ReportWithContext } from './repository.ts';

/** Moves that belong to the order (its status sets them, with the validity dates), not to this call. */
const ORDER_DRIVEN: readonly ReportStatus[] = ['pending_payment', 'processing'];

/** Why staff may not move this report to `to`, beyond the transition table; null when they may. */
function ruleProblem({ report, shoot }: ReportWithContext, to: ReportStatus): string | null {
  if (ORDER_DRIVEN.includes(to)) return OPERATIONS_MESSAGES.reportStatusFollowsOrder;
  const e2e = report.service === 'e2e';
  if (to === 'processing_pending') {
    return e2e ? OPERATIONS_MESSAGES.reportNeedsShoot : OPERATIONS_MESSAGES.reportHasNoShoot;
  }
  if (to === 'processing_data' && e2e) {
    if (!shoot) return OPERATIONS_MESSAGES.reportNeedsShoot;
    if (shoot.status !== 'complete') return OPERATIONS_MESSAGES.reportShootNotComplete;
  }
  return null;
}

export function createReportService(deps: {
  reports: ReportRepository;
  lifecycle: ReportLifecycle;
  shoots: ShootRepository;
  events: ReportEvents;
}) {
  return {
    /**
     * `POST /reports/update/status` (Report:update): the transition table, then the rules of the
     * workflow (order-driven moves and the shoot). The owner is notified.
     */
    async updateStatus(auth: AuthContext, reportUuid: string, newStatus: ReportStatus) {
      if (!can(auth.view.permissions, 'update', 'Report')) throw forbidden();
      const context = await deps.reports.findByUuid(reportUuid);
      if (!context) throw notFound(OPERATIONS_MESSAGES.reportNotFound);
      const from = context.report.status;
      if (from === newStatus)
        throw badRequest(HTTP_MESSAGES.reportAlreadyInStatus, 'newStatus', {
          status: reportStatusLabel(from),
        });
      if (!canTransitionReport(from, newStatus)) {
        throw badRequest(OPERATIONS_MESSAGES.illegalReportTransition, 'newStatus', {
          from: reportStatusLabel(from),
          to: reportStatusLabel(newStatus),
        });
      }
      const problem = ruleProblem(context, newStatus);
      if (problem) throw badRequest(problem, 'newStatus');
      const moved = await deps.lifecycle.move(context.report.id, from as ReportStatus, newStatus);
      if (!moved) throw new AppError(409, HTTP_MESSAGES.reportChangedMeanwhile);
      await deps.events.statusChanged(context, newStatus);
      return moved;
    },

    /**
     * The KML of a field, by field id/uuid or report uuid: for whoever sees the field (field policy) or
     * a shoot on it (its drone operator organisation and pilot). Anything else answers 404.
     */
    async kml(auth: AuthContext, match: { fieldId: number | string } | { reportUuid: string }) {
      const { permissions } = auth.view;
      if (!can(permissions, 'read', 'Fields') && !can(permissions, 'read', 'Shoots')) throw forbidden();
      const role = auth.user.role as Role;
      const field: FieldRow | undefined = await deps.shoots.findKmlField(
        {
          scope: shootScope(role),
          fieldScope: fieldScope(role),
          userId: auth.user.id,
          companyId: auth.user.companyId,
        },
        match,
      );
      if (!field) throw notFound('Field not found');
      const fileName = 'reportUuid' in match ? match.reportUuid : field.title;
      return { fileName, kml: fieldToKml(field) };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
