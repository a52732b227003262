import type { FieldsMapAnswer } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const FIELDS_MAP_QUERY_KEY = ['analytics', 'fields-map'] as const;

/** `GET /api/analytics/fields-map`: every field's centroid (about 120 bytes each). */
export const getFieldsMap = () =>
  api.get<FieldsMapAnswer>('/analytics/fields-map').then((answer) => answer.data);

export function useFieldsMap() {
  // Fields change rarely; the map should not redraw 10,000 markers on every window focus.
  return useQuery({ queryKey: FIELDS_MAP_QUERY_KEY, queryFn: getFieldsMap, staleTime: 5 * 60_000 });
}
