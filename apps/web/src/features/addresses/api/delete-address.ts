import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADDRESSES_QUERY_KEY } from './get-addresses.ts';

export const deleteAddress = (prevAddressId: number) =>
  api.put<{ msg: string }>('/user/delete/address', { prevAddressId });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
