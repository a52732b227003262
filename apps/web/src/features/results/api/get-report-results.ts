import type { ReportResultsView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const reportResultsQueryKey = (reportUuid: string) => ['report-results', reportUuid] as const;

export const getReportResults = async (reportUuid: string): Promise<ReportResultsView> =>
  (await api.get<{ data: ReportResultsView }>(`/reports/${encodeURIComponent(reportUuid)}/results`)).data;

export const reportResultsQueryOptions = (reportUuid: string) =>
  queryOptions({
    queryKey: reportResultsQueryKey(reportUuid),
    queryFn: () => getReportResults(reportUuid),
  });

/** A completed report's layers, tile zooms, photos and boxes (`GET /api/reports/{uuid}/results`). */
export function useReportResults(reportUuid: string, enabled = true) {
  return useQuery({ ...reportResultsQueryOptions(reportUuid), enabled });
}
