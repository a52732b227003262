import type { ReportDataView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { REPORT_DATA_QUERY_KEY } from './get-report-data.ts';

export const submitDataset = async (reportUuid: string): Promise<ReportDataView> =>
  (await api.post<{ data: ReportDataView }>(`/reports/${encodeURIComponent(reportUuid)}/data/submit`)).data;

/** Closes the upload session: the server validates every file, then the analysis starts. */
export function useSubmitDataset(reportUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitDataset(reportUuid),
    onSuccess: (data) => queryClient.setQueryData([...REPORT_DATA_QUERY_KEY, reportUuid], data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...REPORT_DATA_QUERY_KEY, reportUuid] }),
  });
}
