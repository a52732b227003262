import type { FieldUpdateInput, FieldView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FIELDS_QUERY_KEY } from './get-fields.ts';

export type UpdateFieldInput = FieldUpdateInput & { uuid: string };

export const updateField = (input: UpdateFieldInput) =>
  api.post<{ data: FieldView; msg: string }>('/field/update', input);

export function useUpdateField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateField,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIELDS_QUERY_KEY }),
  });
}
