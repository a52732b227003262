import { groupForecastByDay } from '@ampelos/domain';
import { Table } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useWeatherForecast } from '../api/get-weather-forecast.ts';
import { forecastDay, knots } from '../format.ts';
import { AgroCard } from './agro-card.tsx';
import { WeatherIcon } from './weather-icon.tsx';

/** The forecast by day: highest temperature, wind and rain, and the average minimum (spec section 9). */
export function ForecastCard({ point }: { point: { lat: number; lng: number } }) {
  const { t, i18n } = useTranslation();
  const query = useWeatherForecast(point);
  const forecast = query.data ?? null;
  const days = useMemo(
    () => (forecast ? groupForecastByDay(forecast.entries, forecast.utc_offset_seconds) : []),
    [forecast],
  );
  return (
    <AgroCard
      title={t('agro.forecast.title')}
      loading={query.isPending}
      available={days.length > 0}
      testId="forecast-card"
    >
      <ScrollTable minWidth={420} label={t('agro.forecast.title')}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('agro.forecast.day')}</Table.Th>
              <Table.Th />
              <Table.Th>{t('agro.forecast.max')}</Table.Th>
              <Table.Th>{t('agro.forecast.minAverage')}</Table.Th>
              <Table.Th>{t('agro.forecast.wind')}</Table.Th>
              <Table.Th>{t('agro.forecast.rain')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.day} data-testid="forecast-day">
                <Table.Td>{forecastDay(day.day, i18n.language)}</Table.Td>
                <Table.Td title={t(`agro.conditions.${day.icon}`)}>
                  <WeatherIcon icon={day.icon} size={20} />
                </Table.Td>
                <Table.Td>{day.tempMaxC.toFixed(1)} °C</Table.Td>
                <Table.Td>{day.tempMinAvgC.toFixed(1)} °C</Table.Td>
                <Table.Td>{t('agro.knots', { value: knots(day.windMaxMph) })}</Table.Td>
                <Table.Td>{day.rainMaxMm.toFixed(1)} mm</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </AgroCard>
  );
}
