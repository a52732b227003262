import type { CompanyDetailAnswer } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COMPANIES_QUERY_KEY } from './get-companies.ts';

export const companyDetailKey = (uuid: string) => [...COMPANIES_QUERY_KEY, 'detail', uuid] as const;

/** `GET /api/companies/:uuid`: the company with its users; not visible → 404 "Company not found". */
export const getCompanyDetail = (uuid: string) =>
  api
    .get<CompanyDetailAnswer>(`/companies/${encodeURIComponent(uuid)}`, { handledStatuses: [404] })
    .then((answer) => answer.data);

/** The active company's panel; its failure is shown in the panel as an alert. */
export function useCompanyDetail(uuid: string | null) {
  return useQuery({
    queryKey: companyDetailKey(uuid ?? ''),
    queryFn: () => getCompanyDetail(uuid ?? ''),
    enabled: uuid !== null,
  });
}
