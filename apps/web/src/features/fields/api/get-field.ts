import type { FieldView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { FIELDS_QUERY_KEY } from './get-fields.ts';

export const getField = async (uuid: string): Promise<FieldView> =>
  (await api.get<{ data: FieldView }>(`/field/${encodeURIComponent(uuid)}`, { handledStatuses: [404] })).data;

export const fieldQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: [...FIELDS_QUERY_KEY, uuid], queryFn: () => getField(uuid) });

/** One field (a link to a field that is not in the loaded list, e.g. shared by a colleague). */
export function useField(uuid: string | null, enabled = true) {
  return useQuery({ ...fieldQueryOptions(uuid ?? ''), enabled: enabled && Boolean(uuid) });
}
