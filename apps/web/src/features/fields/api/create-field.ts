import type { FieldCreateInput, FieldView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FIELDS_QUERY_KEY } from './get-fields.ts';

export type CreateFieldInput = FieldCreateInput & { avatar?: { md: string; xs: string } };

export const createField = (input: CreateFieldInput) =>
  api.post<{ data: FieldView; msg: string }>('/field/create', input);

export function useCreateField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createField,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FIELDS_QUERY_KEY }),
  });
}
