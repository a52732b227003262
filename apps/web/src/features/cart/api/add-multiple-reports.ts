import type { Service } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CART_AND_FIELDS_KEY } from './get-cart.ts';

/** Field uuid → the package chosen for it. */
export type SelectedFields = Record<string, { shoots: number; service: Service }>;

/** `POST /field/shoot/createMultipleReports`: all or nothing on the server. */
export const addMultipleReports = (selectedFields: SelectedFields) =>
  api.post<{ data: { data: 'OK' }; msg: string }>('/field/shoot/createMultipleReports', { selectedFields });

export function useAddMultipleReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMultipleReports,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_AND_FIELDS_KEY }),
  });
}
