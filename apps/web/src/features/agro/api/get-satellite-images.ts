import type { SatelliteEntryView } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { AGRO_STALE_MS, agroRequest } from './agro-request.ts';

export const getSatelliteImages = (fieldUuid: string) =>
  agroRequest<SatelliteEntryView[]>(`/agro/getSatelliteImgsData?fieldUuid=${encodeURIComponent(fieldUuid)}`);

/** `GET /api/agro/getSatelliteImgsData`: the last year's dates with imagery (null without a provider). */
export function useSatelliteImages(fieldUuid: string) {
  return useQuery({
    queryKey: ['agro', 'satellite-images', fieldUuid],
    queryFn: () => getSatelliteImages(fieldUuid),
    staleTime: AGRO_STALE_MS,
    retry: false,
  });
}
