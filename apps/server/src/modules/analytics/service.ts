import {
  type AnalyticsRangeQuery,
  analyticsRangeProblem,
  can,
  defaultAnalyticsRange,
  FIELD_OUTLINES_LIMIT,
} from '@ampelos/domain';
import { badRequest, forbidden } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { OverviewFigures } from './presenter.ts';
import type { AnalyticsRepository } from './repository.ts';

/** The dashboard's figures and map: administrators only (Dashboard:read). */
export function createAnalyticsService(deps: { analytics: AnalyticsRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  function allow(auth: AuthContext) {
    if (!can(auth.view.permissions, 'read', 'Dashboard')) throw forbidden();
  }

  return {
    /** All-time totals, plus weekly and monthly order series for the range (the last seven months by default). */
    async overview(auth: AuthContext, query: AnalyticsRangeQuery): Promise<OverviewFigures> {
      allow(auth);
      const fallback = defaultAnalyticsRange(now());
      const from = query.from ?? fallback.from;
      const to = query.to ?? fallback.to;
      const problem = analyticsRangeProblem(from, to);
      if (problem) throw badRequest(problem, query.to ? 'to' : 'from');
      const repo = deps.analytics;
      const [reports, fields, customerCompanies, orders, shootStatuses] = await Promise.all([
        repo.reportAndFieldTotals(),
        repo.fieldTotals(),
        repo.customerCompanies(),
        repo.orderFigures(from, to),
        repo.shootsByStatus(),
      ]);
      return { range: { from, to }, reports, fields, customerCompanies, orders, shootStatuses };
    },

    async fieldPoints(auth: AuthContext) {
      allow(auth);
      return deps.analytics.fieldPoints();
    },

    /** The outlines in the box, one more than the map shows so the answer can say it was cut. */
    async fieldOutlines(auth: AuthContext, bbox: [number, number, number, number]) {
      allow(auth);
      return deps.analytics.fieldOutlines(bbox, FIELD_OUTLINES_LIMIT + 1);
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
