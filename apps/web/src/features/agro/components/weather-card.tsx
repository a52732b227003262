import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSunrise, IconSunset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentWeather } from '../api/get-current-weather.ts';
import { fieldClock, knots } from '../format.ts';
import { AgroCard } from './agro-card.tsx';
import { WeatherIcon } from './weather-icon.tsx';

/** Current weather at the field: temperature, humidity, wind in knots, sky, sunrise and sunset. */
export function WeatherCard({ point }: { point: { lat: number; lng: number } }) {
  const { t, i18n } = useTranslation();
  const query = useCurrentWeather(point);
  const weather = query.data ?? null;
  return (
    <AgroCard
      title={t('agro.weather.title')}
      loading={query.isPending}
      available={weather !== null}
      testId="weather-card"
    >
      {weather && (
        <Stack gap="sm">
          <Group gap="md" wrap="nowrap">
            <WeatherIcon
              icon={weather.current.condition.icon}
              night={weather.current.is_day === 0}
              size={44}
            />
            <div>
              <Text fz={28} fw={600} lh={1} data-testid="weather-temperature">
                {weather.current.temp_c.toFixed(1)} °C
              </Text>
              <Text size="sm" c="dimmed">
                {t(`agro.conditions.${weather.current.condition.icon}`)}
              </Text>
            </div>
          </Group>
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm">
              {t('agro.weather.humidity')}: <strong>{weather.current.humidity}%</strong>
            </Text>
            <Text size="sm" data-testid="weather-wind">
              {t('agro.weather.wind')}:{' '}
              <strong>{t('agro.knots', { value: knots(weather.current.wind_mph) })}</strong>
            </Text>
            <Group gap={4}>
              <IconSunrise size={16} aria-label={t('agro.weather.sunrise')} />
              <Text size="sm">
                {fieldClock(
                  weather.astronomy.astro.sunrise_epoch,
                  weather.location.utc_offset_seconds,
                  i18n.language,
                )}
              </Text>
            </Group>
            <Group gap={4}>
              <IconSunset size={16} aria-label={t('agro.weather.sunset')} />
              <Text size="sm">
                {fieldClock(
                  weather.astronomy.astro.sunset_epoch,
                  weather.location.utc_offset_seconds,
                  i18n.language,
                )}
              </Text>
            </Group>
          </SimpleGrid>
        </Stack>
      )}
    </AgroCard>
  );
}
