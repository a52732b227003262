import type { AddressInput, AddressView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADDRESSES_QUERY_KEY } from './get-addresses.ts';

export type UpdateAddressInput = AddressInput & { prevAddressId: number };

export const updateAddress = (input: UpdateAddressInput) =>
  api.post<{ address: AddressView }>('/user/update/address', input);

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
