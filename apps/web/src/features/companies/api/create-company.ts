import type { CompanyCreateInput, CompanyDetailAnswer } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COMPANIES_QUERY_KEY } from './get-companies.ts';

/** `POST /api/companies` (admin). A 400 is shown on the form's inputs. */
export const createCompany = (input: CompanyCreateInput) =>
  api.post<CompanyDetailAnswer>('/companies', input, { handledStatuses: [400] });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
