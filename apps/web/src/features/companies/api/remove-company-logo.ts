import type { CompanyListView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COMPANIES_QUERY_KEY } from './get-companies.ts';

/** `PUT /api/companies/:uuid/avatar` with `{ avatar: null }` (Companies:update). */
export const removeCompanyLogo = (uuid: string) =>
  api.put<{ data: CompanyListView }>(`/companies/${encodeURIComponent(uuid)}/avatar`, { avatar: null });

export function useRemoveCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyLogo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
