import type { WeatherForecastView } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { AGRO_STALE_MS, agroRequest } from './agro-request.ts';

export const getWeatherForecast = (lat: number, lng: number) =>
  agroRequest<WeatherForecastView>(
    `/agro/getWeatherForecastData?lat=${lat.toFixed(4)}&lng=${lng.toFixed(4)}`,
  );

/** `GET /api/agro/getWeatherForecastData`: 3-hour forecast steps (null when not available). */
export function useWeatherForecast(point: { lat: number; lng: number }) {
  return useQuery({
    queryKey: ['agro', 'forecast', point.lat.toFixed(4), point.lng.toFixed(4)],
    queryFn: () => getWeatherForecast(point.lat, point.lng),
    staleTime: AGRO_STALE_MS,
    retry: false,
  });
}
