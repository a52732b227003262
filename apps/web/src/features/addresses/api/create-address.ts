import type { AddressInput, AddressView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADDRESSES_QUERY_KEY } from './get-addresses.ts';

export const createAddress = (input: AddressInput) =>
  api.post<{ address: AddressView }>('/user/address', input);

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
