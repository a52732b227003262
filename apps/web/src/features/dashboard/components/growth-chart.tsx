import type { GrowthWeek } from '@ampelos/domain';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { dayLabel, formatCount, formatEurosShort, weekLabel } from '../chart-labels.ts';
import { ChartDataTable } from './charts/chart-frame.tsx';
import { LineChart } from './charts/line-chart.tsx';

/** Growth: order value (left axis) and orders with and without a coupon (right axis), week by week. */
export function GrowthChart({ weeks }: { weeks: GrowthWeek[] }) {
  const { t, i18n } = useTranslation();
  const series = [
    {
      key: 'orderValue',
      label: t('dashboard.growth.orderValue'),
      color: 'var(--mantine-color-green-7)',
      values: weeks.map((w) => w.orderValue),
      format: formatEurosShort,
      formatExact: formatPrice,
    },
    {
      key: 'orders',
      label: t('dashboard.growth.orders'),
      color: 'var(--mantine-color-blue-6)',
      values: weeks.map((w) => w.orders),
      axis: 'right' as const,
      integers: true,
      format: formatCount,
    },
    {
      key: 'couponOrders',
      label: t('dashboard.growth.couponOrders'),
      color: 'var(--mantine-color-orange-6)',
      values: weeks.map((w) => w.couponOrders),
      axis: 'right' as const,
      integers: true,
      format: formatCount,
    },
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid="growth-chart" data-weeks={weeks.length}>
      <Title order={3} size="h4">
        {t('dashboard.growth.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.growth.subtitle')}
      </Text>
      <LineChart
        labels={weeks.map((w) => weekLabel(w.weekStart))}
        tooltipLabels={weeks.map((w) =>
          t('dashboard.growth.weekOf', { date: dayLabel(w.weekStart, i18n.language) }),
        )}
        series={series}
        ariaLabel={t('dashboard.growth.title')}
      />
      <ChartDataTable
        caption={t('dashboard.growth.title')}
        head={[t('dashboard.export.week'), ...series.map((s) => s.label)]}
        rows={weeks.map((w) => [w.weekStart, formatPrice(w.orderValue), w.orders, w.couponOrders])}
      />
    </Paper>
  );
}
