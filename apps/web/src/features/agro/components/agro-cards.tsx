import type { FieldView } from '@ampelos/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import { ForecastCard } from './forecast-card.tsx';
import { SatelliteCard } from './satellite-card.tsx';
import { SoilCard } from './soil-card.tsx';
import { ViticultureCard } from './viticulture-card.tsx';
import { WeatherCard } from './weather-card.tsx';

/**
 * The field page's agronomy cards, today first: current weather and soil, the forecast, then the
 * season (viticulture indicators) and the satellite history with its graphs.
 */
export function AgroCards({ field }: { field: Pick<FieldView, 'uuid' | 'centroid' | 'polygonPoints'> }) {
  const point = { lat: field.centroid.lat, lng: field.centroid.lng };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <WeatherCard point={point} />
        <SoilCard fieldUuid={field.uuid} />
      </SimpleGrid>
      <ForecastCard point={point} />
      <ViticultureCard fieldUuid={field.uuid} />
      <SatelliteCard field={field} />
    </Stack>
  );
}
