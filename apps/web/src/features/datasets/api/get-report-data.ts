import type { ReportDataView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const REPORT_DATA_QUERY_KEY = ['report-data'] as const;
/** While the server validates or analyses, the panel asks for progress this often. */
export const PROGRESS_POLL_MS = 3000;

export const getReportData = async (reportUuid: string): Promise<ReportDataView> =>
  (await api.get<{ data: ReportDataView }>(`/reports/${encodeURIComponent(reportUuid)}/data`)).data;

/** While our team is asked to confirm the camera or height (it may take a while), less often. */
export const REVIEW_POLL_MS = 15_000;

const isWorking = (data: ReportDataView | undefined) =>
  data?.dataset?.status === 'validating' || data?.dataset?.status === 'processing';

function pollInterval(data: ReportDataView | undefined): number | false {
  if (isWorking(data)) return PROGRESS_POLL_MS;
  return data?.dataset?.status === 'review' ? REVIEW_POLL_MS : false;
}

export const reportDataQueryOptions = (reportUuid: string) =>
  queryOptions({
    queryKey: [...REPORT_DATA_QUERY_KEY, reportUuid],
    queryFn: () => getReportData(reportUuid),
    refetchInterval: (query) => pollInterval(query.state.data),
  });

/** The report's upload state: may the caller upload, its dataset's files and the analysis progress. */
export function useReportData(reportUuid: string) {
  return useQuery(reportDataQueryOptions(reportUuid));
}
