import type { CompanyView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COMPANY_QUERY_KEY } from '../../../lib/company.ts';

/** `POST /api/company/avatar/upload` (multipart `avatar`). */
export const uploadCompanyAvatar = (file: File) => {
  const body = new FormData();
  body.append('avatar', file);
  return api.post<{ data: CompanyView }>('/company/avatar/upload', body);
};

export function useUploadCompanyAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyAvatar,
    onSuccess: ({ data }) => queryClient.setQueryData(COMPANY_QUERY_KEY, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANY_QUERY_KEY }),
  });
}
