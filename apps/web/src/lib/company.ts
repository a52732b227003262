import type { CompanyAnswer, CompanyView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The caller's company: the company profile edits it, a b2b checkout reads its invoice details. */
export const COMPANY_QUERY_KEY = ['company'] as const;

/** `GET /api/company`: the company, or null (b2c accounts, or b2b before the first invoice save). */
export const getCompany = (): Promise<CompanyView | null> =>
  api.get<CompanyAnswer>('/company').then((answer) => answer.data);

export const companyQueryOptions = queryOptions({ queryKey: COMPANY_QUERY_KEY, queryFn: getCompany });

export function useCompany(enabled = true) {
  return useQuery({ ...companyQueryOptions, enabled });
}
