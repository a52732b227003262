import type { OrdersMonth } from '@ampelos/domain';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, monthLabel } from '../chart-labels.ts';
import { BarChart } from './charts/bar-chart.tsx';
import { ChartDataTable } from './charts/chart-frame.tsx';

/** Orders placed per month, complete and pending confirmation stacked. */
export function OrdersChart({ months }: { months: OrdersMonth[] }) {
  const { t, i18n } = useTranslation();
  const series = [
    {
      key: 'complete',
      label: t('orders.status.complete'),
      color: 'var(--mantine-color-green-6)',
      values: months.map((m) => m.complete),
    },
    {
      key: 'pendingPayment',
      label: t('orders.status.pending_payment'),
      color: 'var(--mantine-color-yellow-5)',
      values: months.map((m) => m.pendingPayment),
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
        labels={months.map((m) => monthLabel(m.month, i18n.language))}
        tooltipLabels={months.map((m) => monthLabel(m.month, i18n.language, 'long'))}
        series={series}
        ariaLabel={t('dashboard.orders.title')}
        format={formatCount}
        integers
      />
      <ChartDataTable
        caption={t('dashboard.orders.title')}
        head={[t('dashboard.export.month'), ...series.map((s) => s.label)]}
        rows={months.map((m) => [m.month, m.complete, m.pendingPayment])}
      />
    </Paper>
  );
}
