import type { Service } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CART_AND_FIELDS_KEY } from './get-cart.ts';

/** `PUT /field/reports/delete`: removes one cart group (field id + service). */
export const deleteCartGroup = (group: { fieldId: number; service: Service }) =>
  api.put<{ msg: string }>('/field/reports/delete', group);

export function useDeleteCartGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCartGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_AND_FIELDS_KEY }),
  });
}
