import type { CompaniesAnswer } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Every query of the Companies screen sits under this key (the list and each company's panel). Not to
 * be confused with `['company']`, the caller's own company of the profile (features/company).
 */
export const COMPANIES_QUERY_KEY = ['companies'] as const;
export const COMPANIES_LIST_KEY = [...COMPANIES_QUERY_KEY, 'list'] as const;

/** `GET /api/companies`: staff every company, newest first; b2b roles their own. */
export const getCompanies = () => api.get<CompaniesAnswer>('/companies').then((answer) => answer.data);

export function useCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: COMPANIES_LIST_KEY, queryFn: getCompanies, enabled });
}
