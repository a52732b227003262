import {
  type AgroHistoryFile,
  dailyWeather,
  solarUtcOffsetSeconds,
  viticultureSummary,
} from '@ampelos/domain';
import { BarChart, LineChart, type LineChartProps } from '@mantine/charts';
import { Badge, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportHistory } from '../api/get-report-history.ts';
import { celsiusFromKelvin, moisturePercent } from '../format.ts';
import { dayOfEpoch, satelliteDays } from '../satellite-days.ts';
import { IndexImageMap } from './index-image-map.tsx';
import { SatelliteHistory } from './satellite-history.tsx';
import { ViticultureIndicators } from './viticulture-card.tsx';

interface ReportAgroHistoryProps {
  reportUuid: string;
  field: { uuid: string; centroid: { lat: number; lng: number }; polygonPoints: [number, number][] };
}

/**
 * The report's agronomy history in the results viewer (spec section 2): soil, satellite calendar and
 * graphs, weather history and the season's indicators, all from the report's front_agro_weather.json.
 */
export function ReportAgroHistory({ reportUuid, field }: ReportAgroHistoryProps) {
  const { t } = useTranslation();
  const query = useReportHistory(reportUuid);
  if (query.isPending) return <Skeleton h={200} />;
  const file = query.data ?? null;
  return (
    <Stack gap="md" data-testid="report-agro-history">
      {file?.sample && (
        <Badge color="grape" variant="light" data-testid="report-agro-sample">
          {t('agro.history.sample')}
        </Badge>
      )}
      <Section
        title={t('agro.history.soil')}
        testId="report-agro-soil"
        available={(file?.soil_data.length ?? 0) > 0}
      >
        {file && <SoilHistory file={file} />}
      </Section>
      <Section
        title={t('agro.satellite.title')}
        testId="report-agro-satellite"
        available={(file?.satellite_data.length ?? 0) + (file?.satellite_stats.length ?? 0) > 0}
      >
        {file && <SatelliteFromFile file={file} field={field} />}
      </Section>
      <Section
        title={t('agro.history.weather')}
        testId="report-agro-weather"
        available={(file?.weather_data.length ?? 0) > 0}
      >
        {file && <WeatherHistory file={file} field={field} />}
      </Section>
    </Stack>
  );
}

function Section({
  title,
  testId,
  available,
  children,
}: {
  title: string;
  testId: string;
  available: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid={testId} data-state={available ? 'ready' : 'unavailable'}>
      <Stack gap="xs">
        <Title order={5}>{title}</Title>
        {available ? (
          children
        ) : (
          <Text size="sm" c="dimmed">
            {t('agro.notAvailable')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function SoilHistory({ file }: { file: AgroHistoryFile }) {
  const { t } = useTranslation();
  const data = file.soil_data.map((entry) => ({
    time: dayOfEpoch(entry.dt),
    t0: Number(celsiusFromKelvin(entry.t0)),
    t10: Number(celsiusFromKelvin(entry.t10)),
    moisture: Number(moisturePercent(entry.moisture)),
  }));
  const latest = data.at(-1);
  return (
    <HistoryCharts
      caption={
        latest &&
        t('agro.history.soilLatest', {
          day: latest.time,
          t0: latest.t0.toFixed(1),
          t10: latest.t10.toFixed(1),
          moisture: latest.moisture.toFixed(1),
        })
      }
      captionTestId="report-agro-soil-latest"
      data={data}
      dataKey="time"
      temperatures={[
        { name: 't0', label: t('agro.soil.t0'), color: 'orange.6' },
        { name: 't10', label: t('agro.soil.t10'), color: 'grape.6' },
      ]}
    >
      <LineChart
        h={140}
        data={data}
        dataKey="time"
        withLegend
        unit=" %"
        series={[{ name: 'moisture', label: t('agro.soil.moisture'), color: 'blue.6' }]}
      />
    </HistoryCharts>
  );
}

/** A history's caption, its temperatures (°C, one line each) and the charts that follow them. */
function HistoryCharts({
  caption,
  captionTestId,
  data,
  dataKey,
  temperatures,
  children,
}: {
  caption: string | undefined;
  captionTestId: string;
  data: LineChartProps['data'];
  dataKey: LineChartProps['dataKey'];
  temperatures: { name: string; label: string; color: string }[];
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      {caption && (
        <Text size="sm" data-testid={captionTestId}>
          {caption}
        </Text>
      )}
      <LineChart h={180} data={data} dataKey={dataKey} withLegend unit=" °C" series={temperatures} />
      {children}
    </Stack>
  );
}

function SatelliteFromFile({
  file,
  field,
}: {
  file: AgroHistoryFile;
  field: ReportAgroHistoryProps['field'];
}) {
  const days = useMemo(() => satelliteDays(file.satellite_data, file.satellite_stats), [file]);
  const keyless = file.providers.satellite === 'sentinel-2-stac';
  return (
    <SatelliteHistory
      days={days}
      indexImage={
        keyless
          ? (day, index) => (
              <IndexImageMap
                fieldUuid={field.uuid}
                ring={field.polygonPoints}
                day={day}
                index={index}
                days={days}
              />
            )
          : undefined
      }
    />
  );
}

function WeatherHistory({ file, field }: { file: AgroHistoryFile; field: ReportAgroHistoryProps['field'] }) {
  const { t } = useTranslation();
  const days = useMemo(
    () => dailyWeather(file.weather_data, solarUtcOffsetSeconds(field.centroid.lng), 1),
    [file, field.centroid.lng],
  );
  const summary = useMemo(() => {
    const last = days.at(-1)?.day;
    return last ? viticultureSummary(file.weather_data, field.centroid, last) : null;
  }, [days, file, field.centroid]);
  return (
    <HistoryCharts
      caption={t('agro.history.weatherDays', {
        count: days.length,
        from: days[0]?.day ?? '',
        to: days.at(-1)?.day ?? '',
      })}
      captionTestId="report-agro-weather-days"
      data={days}
      dataKey="day"
      temperatures={[
        { name: 'tmaxC', label: t('agro.history.tmax'), color: 'red.6' },
        { name: 'tminC', label: t('agro.history.tmin'), color: 'blue.6' },
      ]}
    >
      <BarChart
        h={140}
        data={days}
        dataKey="day"
        unit=" mm"
        series={[{ name: 'rainMm', label: t('agro.history.rain'), color: 'cyan.6' }]}
      />
      {summary && summary.days.length > 0 && <ViticultureIndicators summary={summary} />}
    </HistoryCharts>
  );
}
