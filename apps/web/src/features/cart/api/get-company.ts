import type { CompanyAnswer, CompanyView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Shared with the company profile, which invalidates it when the invoice details are saved. */
export const COMPANY_QUERY_KEY = ['company'] as const;

export const getCompany = async (): Promise<CompanyView | null> =>
  (await api.get<CompanyAnswer>('/company')).data;

export const companyQueryOptions = queryOptions({ queryKey: COMPANY_QUERY_KEY, queryFn: getCompany });

/** The caller's company (invoice details with the VAT id), for b2b checkouts. */
export function useCompany(enabled: boolean) {
  return useQuery({ ...companyQueryOptions, enabled });
}
