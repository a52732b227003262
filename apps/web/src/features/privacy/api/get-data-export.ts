import type { DataExportAnswer } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const DATA_EXPORT_QUERY_KEY = ['data-export'] as const;
/** While the zip is being built its progress is polled this often. */
const PROGRESS_POLL_MS = 1500;

export const getDataExport = () => api.get<DataExportAnswer>('/user/export');

/** The caller's latest export; polled while it is queued or running. */
export function useDataExport() {
  return useQuery({
    queryKey: DATA_EXPORT_QUERY_KEY,
    queryFn: getDataExport,
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === 'queued' || status === 'running' ? PROGRESS_POLL_MS : false;
    },
  });
}
