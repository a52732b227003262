import type { ReportDataView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const REPORT_DATA_QUERY_KEY = ['report-data'] as const;
/** While the server validates or analyses, the panel asks for progress this often. */
export const PROGRESS_POLL_MS = 3000;

export const getReportData = async (reportUuid: string): Promise<ReportDataView> =>
  (await api.get<{ data: ReportDataView }>(`/reports/${encodeURIComponent(reportUuid)}/data`)).data;

const isWorking = (data: ReportDataView | undefined) =>
  data?.dataset?.status === 'validating' || data?.dataset?.status === 'processing';

export const reportDataQueryOptions = (reportUuid: string) =>
  queryOptions({
    queryKey: [...REPORT_DATA_QUERY_KEY, reportUuid],
    queryFn: () => getReportData(reportUuid),
    refetchInterval: (query) => (isWorking(query.state.data) ? PROGRESS_POLL_MS : false),
  });

/** The report's upload state: may the caller upload, its dataset's files and the analysis progress. */
export function useReportData(reportUuid: string) {
  return useQuery(reportDataQueryOptions(reportUuid));
}
