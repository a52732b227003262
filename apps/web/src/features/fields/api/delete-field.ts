import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FIELDS_QUERY_KEY } from './get-fields.ts';

export const deleteField = (uuid: string) => api.post<{ msg: string }>('/field/delete', { uuid });

export function useDeleteField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteField,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIELDS_QUERY_KEY }),
  });
}
