import type { AgroHistoryView } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { AGRO_STALE_MS, agroRequest } from './agro-request.ts';

export const getFieldHistory = (fieldUuid: string) =>
  agroRequest<AgroHistoryView>(`/agro/history?fieldUuid=${encodeURIComponent(fieldUuid)}`);

/** `GET /api/agro/history`: the history file of the field's latest report (null when none has one). */
export function useFieldHistory(fieldUuid: string) {
  return useQuery({
    queryKey: ['agro', 'history', fieldUuid],
    queryFn: () => getFieldHistory(fieldUuid),
    staleTime: AGRO_STALE_MS,
    retry: false,
  });
}
