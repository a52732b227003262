import type { GrowthWeek } from '@ampelos/domain';
import { LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { dayLabel, formatCount, formatEurosShort, weekLabel } from '../chart-labels.ts';
import { ChartDataTable, type ChartSeries, chartRows, chartTooltip, legendInOrder } from './chart-parts.tsx';

/** Growth: order value (left axis) and orders with and without a coupon (right axis), week by week. */
export function GrowthChart({ weeks }: { weeks: GrowthWeek[] }) {
  const { t, i18n } = useTranslation();
  const series: ChartSeries[] = [
    {
      key: 'orderValue',
      label: t('dashboard.growth.orderValue'),
      color: 'green.7',
      values: weeks.map((w) => w.orderValue),
      format: formatPrice,
    },
    {
      key: 'orders',
      label: t('dashboard.growth.orders'),
      color: 'blue.6',
      values: weeks.map((w) => w.orders),
      format: formatCount,
    },
    {
      key: 'couponOrders',
      label: t('dashboard.growth.couponOrders'),
      color: 'orange.6',
      values: weeks.map((w) => w.couponOrders),
      format: formatCount,
    },
  ];
  const tooltipLabels = weeks.map((w) =>
    t('dashboard.growth.weekOf', { date: dayLabel(w.weekStart, i18n.language) }),
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid="growth-chart" data-weeks={weeks.length}>
      <Title order={3} size="h4">
        {t('dashboard.growth.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.growth.subtitle')}
      </Text>
      <LineChart
        h={280}
        role="figure"
        aria-label={t('dashboard.growth.title')}
        data={chartRows(
          weeks.map((w) => weekLabel(w.weekStart)),
          series,
        )}
        dataKey="label"
        curveType="linear"
        strokeWidth={2.5}
        withLegend
        legendProps={legendInOrder(series)}
        withRightYAxis
        valueFormatter={formatEurosShort}
        rightYAxisProps={{ tickFormatter: formatCount, allowDecimals: false }}
        tooltipProps={{ content: chartTooltip(tooltipLabels, series) }}
        series={series.map((s) => ({
          name: s.key,
          label: s.label,
          color: s.color,
          ...(s.key === 'orderValue' ? {} : { yAxisId: 'right' }),
        }))}
      />
      <ChartDataTable
        caption={t('dashboard.growth.title')}
        head={t('dashboard.export.week')}
        series={series}
        rows={weeks.map((w) => [w.weekStart, formatPrice(w.orderValue), w.orders, w.couponOrders])}
      />
    </Paper>
  );
}
