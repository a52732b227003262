import type { CurrentWeatherView } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { AGRO_STALE_MS, agroRequest } from './agro-request.ts';

export const getCurrentWeather = (lat: number, lng: number) =>
  agroRequest<CurrentWeatherView>(`/weather?lat=${lat.toFixed(4)}&lng=${lng.toFixed(4)}`);

/** `GET /api/weather`: current weather at the field (null when not available). */
export function useCurrentWeather(point: { lat: number; lng: number }) {
  return useQuery({
    queryKey: ['agro', 'weather', point.lat.toFixed(4), point.lng.toFixed(4)],
    queryFn: () => getCurrentWeather(point.lat, point.lng),
    staleTime: AGRO_STALE_MS,
    retry: false,
  });
}
