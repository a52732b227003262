import type { FieldView } from '@ampelos/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import { ForecastCard } from './forecast-card.tsx';
import { SoilCard } from './soil-card.tsx';
import { WeatherCard } from './weather-card.tsx';

/** The field page's weather, soil and forecast cards, at the field's centre. */
export function AgroCards({ field }: { field: Pick<FieldView, 'uuid' | 'centroid'> }) {
  const point = { lat: field.centroid.lat, lng: field.centroid.lng };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <WeatherCard point={point} />
        <SoilCard fieldUuid={field.uuid} />
      </SimpleGrid>
      <ForecastCard point={point} />
    </Stack>
  );
}
