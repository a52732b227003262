import type { SoilView } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { AGRO_STALE_MS, agroRequest } from './agro-request.ts';

export const getSoilData = (fieldUuid: string) =>
  agroRequest<SoilView>(`/agro/getSoilData?fieldUuid=${encodeURIComponent(fieldUuid)}`);

/** `GET /api/agro/getSoilData`: the field's latest soil reading in Kelvin (null when not available). */
export function useSoilData(fieldUuid: string) {
  return useQuery({
    queryKey: ['agro', 'soil', fieldUuid],
    queryFn: () => getSoilData(fieldUuid),
    staleTime: AGRO_STALE_MS,
    retry: false,
  });
}
