import type { AnalyticsOverview, CalendarDay } from '@ampelos/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ChartRange {
  from: CalendarDay;
  to: CalendarDay;
}

export const analyticsOverviewKey = (range: ChartRange) =>
  ['analytics', 'overview', range.from, range.to] as const;

/** `GET /api/analytics/overview?from=&to=` (Dashboard:read). */
export const getAnalyticsOverview = (range: ChartRange) =>
  api.get<AnalyticsOverview>(
    `/analytics/overview?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
  );

/** The figures of a range; the previous range's stay on screen while a new one loads. */
export function useAnalyticsOverview(range: ChartRange, enabled = true) {
  return useQuery({
    queryKey: analyticsOverviewKey(range),
    queryFn: () => getAnalyticsOverview(range),
    placeholderData: keepPreviousData,
    enabled,
  });
}
