import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'tus-js-client';
import { TUS_HEADERS, uploadUrl } from '../upload/tus-options.ts';
import { REPORT_DATA_QUERY_KEY } from './get-report-data.ts';

/** Removes a file from the open dataset (tus termination of its upload). */
export const removeUpload = (uploadId: string) =>
  Upload.terminate(uploadUrl(uploadId), { headers: TUS_HEADERS });

export function useRemoveUpload(reportUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUpload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...REPORT_DATA_QUERY_KEY, reportUuid] }),
  });
}
