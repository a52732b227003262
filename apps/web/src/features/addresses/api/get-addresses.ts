import type { AddressView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ADDRESSES_QUERY_KEY = ['addresses'] as const;

export const getAddresses = async (): Promise<AddressView[]> =>
  (await api.get<{ Addresses: AddressView[] }>('/user/address')).Addresses;

export const addressesQueryOptions = queryOptions({ queryKey: ADDRESSES_QUERY_KEY, queryFn: getAddresses });

export function useAddresses() {
  return useQuery(addressesQueryOptions);
}
