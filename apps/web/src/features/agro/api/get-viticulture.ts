import type { ViticultureView } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { AGRO_STALE_MS, agroRequest } from './agro-request.ts';

export const getViticulture = (fieldUuid: string) =>
  agroRequest<ViticultureView>(`/agro/viticulture?fieldUuid=${encodeURIComponent(fieldUuid)}`);

/** `GET /api/agro/viticulture`: the season's degree days, Winkler region and downy mildew rule. */
export function useViticulture(fieldUuid: string) {
  return useQuery({
    queryKey: ['agro', 'viticulture', fieldUuid],
    queryFn: () => getViticulture(fieldUuid),
    staleTime: AGRO_STALE_MS,
    retry: false,
  });
}
