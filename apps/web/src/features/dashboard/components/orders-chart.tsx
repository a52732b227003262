import type { OrdersMonth } from '@ampelos/domain';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, monthLabel } from '../chart-labels.ts';
import { ChartDataTable, type ChartSeries, chartRows, chartTooltip, legendInOrder } from './chart-parts.tsx';

/** Orders placed per month, complete and pending confirmation stacked. */
export function OrdersChart({ months }: { months: OrdersMonth[] }) {
  const { t, i18n } = useTranslation();
  const series: ChartSeries[] = [
    {
      key: 'complete',
      label: t('orders.status.complete'),
      color: 'green.6',
      values: months.map((m) => m.complete),
      format: formatCount,
    },
    {
      key: 'pendingPayment',
      label: t('orders.status.pending_payment'),
      color: 'yellow.5',
      values: months.map((m) => m.pendingPayment),
      format: formatCount,
    },
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid="orders-chart" data-months={months.length}>
      <Title order={3} size="h4">
        {t('dashboard.orders.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.orders.subtitle')}
      </Text>
      <BarChart
        h={280}
        role="figure"
        aria-label={t('dashboard.orders.title')}
        type="stacked"
        data={chartRows(
          months.map((m) => monthLabel(m.month, i18n.language)),
          series,
        )}
        dataKey="label"
        withLegend
        legendProps={legendInOrder(series)}
        valueFormatter={formatCount}
        yAxisProps={{ allowDecimals: false }}
        tooltipProps={{
          content: chartTooltip(
            months.map((m) => monthLabel(m.month, i18n.language, 'long')),
            series,
          ),
        }}
        series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
      />
      <ChartDataTable
        caption={t('dashboard.orders.title')}
        head={t('dashboard.export.month')}
        series={series}
        rows={months.map((m) => [m.month, m.complete, m.pendingPayment])}
      />
    </Paper>
  );
}
