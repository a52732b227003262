import type { SatelliteIndex } from '@ampelos/domain';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/days.ts';
import { indexSeries, type SatelliteDay } from '../satellite-days.ts';

/** Minimum, mean and maximum of the index over the field, date by date (spec section 2). */
export function SatelliteGraphs({ days, index }: { days: readonly SatelliteDay[]; index: SatelliteIndex }) {
  const { t } = useTranslation();
  const data = useMemo(() => indexSeries(days, index), [days, index]);
  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="satellite-graph-empty">
        {t('agro.satellite.noGraph', { index: t(`agro.satellite.indices.${index}`) })}
      </Text>
    );
  return (
    <div data-testid="satellite-graph" data-points={data.length}>
      <Text size="sm" fw={600} mb={4}>
        {t('agro.satellite.graphTitle', { index: t(`agro.satellite.indices.${index}`) })}
      </Text>
      <LineChart
        h={220}
        data={data}
        dataKey="day"
        withLegend
        curveType="linear"
        yAxisProps={{ domain: ['auto', 'auto'] }}
        // Days as the app writes them in every language (DD/MM/YY), not the data's ISO days.
        xAxisProps={{ tickFormatter: (day: string) => formatDay(day) }}
        valueFormatter={(value) => value.toFixed(3)}
        series={[
          { name: 'max', label: t('agro.satellite.max'), color: 'green.7' },
          { name: 'mean', label: t('agro.satellite.mean'), color: 'teal.5' },
          { name: 'min', label: t('agro.satellite.min'), color: 'orange.6' },
        ]}
      />
    </div>
  );
}
