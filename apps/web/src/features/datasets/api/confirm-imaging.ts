import type { ConfirmImagingInput, ReportDataView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { REPORT_DATA_QUERY_KEY } from './get-report-data.ts';

export const confirmImaging = async (
  reportUuid: string,
  input: ConfirmImagingInput,
): Promise<ReportDataView> =>
  (await api.post<{ data: ReportDataView }>(`/reports/${encodeURIComponent(reportUuid)}/data/confirm`, input))
    .data;

/** Operations staff confirm the flight height or the camera layout of a dataset in review. */
export function useConfirmImaging(reportUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmImagingInput) => confirmImaging(reportUuid, input),
    onSuccess: (data) => queryClient.setQueryData([...REPORT_DATA_QUERY_KEY, reportUuid], data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...REPORT_DATA_QUERY_KEY, reportUuid] }),
  });
}
