import type { ReportStatus, ShootReportView } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/react-query.ts';

export interface UpdateReportStatusInput {
  reportUuid: string;
  newStatus: ReportStatus;
}

/**
 * `POST /api/reports/update/status` (staff with Report:update). An illegal transition answers 400
 * with the reason, which the API client shows.
 */
export function updateReportStatus(input: UpdateReportStatusInput) {
  return api.post<{ data: ShootReportView; msg: string }>('/reports/update/status', input);
}

export function useUpdateReportStatus() {
  return useMutation({
    mutationFn: updateReportStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['fields'] }),
        queryClient.invalidateQueries({ queryKey: ['shoots'] }),
      ]),
  });
}
