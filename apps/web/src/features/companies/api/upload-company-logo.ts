import type { CompanyListView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COMPANIES_QUERY_KEY } from './get-companies.ts';

/** `POST /api/companies/:uuid/avatar` (multipart `avatar`, at most 2 MB; Companies:update). */
export const uploadCompanyLogo = ({ uuid, file }: { uuid: string; file: File }) => {
  const body = new FormData();
  body.append('avatar', file);
  return api.post<{ data: CompanyListView }>(`/companies/${encodeURIComponent(uuid)}/avatar`, body);
};

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyLogo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
