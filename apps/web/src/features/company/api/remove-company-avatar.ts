import type { CompanyView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COMPANY_QUERY_KEY } from '../../../lib/company.ts';

/** `PUT /api/company/update/avatar` with `{ avatar: null }`. */
export const removeCompanyAvatar = () =>
  api.put<{ data: CompanyView }>('/company/update/avatar', { avatar: null });

export function useRemoveCompanyAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyAvatar,
    onSuccess: ({ data }) => queryClient.setQueryData(COMPANY_QUERY_KEY, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANY_QUERY_KEY }),
  });
}
