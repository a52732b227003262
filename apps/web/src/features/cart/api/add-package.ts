import type { ShootCreate } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CART_AND_FIELDS_KEY } from './get-cart.ts';

/** `POST /field/shoot/create`: one pending report per shoot of the package; 201 means in the cart. */
export const addPackage = (input: ShootCreate) => api.post<{ msg: string }>('/field/shoot/create', input);

export function useAddPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPackage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_AND_FIELDS_KEY }),
  });
}
