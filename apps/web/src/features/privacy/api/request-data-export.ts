import type { DataExportAnswer } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { DATA_EXPORT_QUERY_KEY } from './get-data-export.ts';

export const requestDataExport = () => api.post<DataExportAnswer>('/user/export');

/** Starts an export (or gets the one on its way); the status query then polls its progress. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (answer) => queryClient.setQueryData(DATA_EXPORT_QUERY_KEY, answer),
  });
}
