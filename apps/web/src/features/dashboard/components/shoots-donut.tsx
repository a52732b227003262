import { SHOOT_STATUSES, type ShootStatus } from '@ampelos/domain';
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../chart-labels.ts';
import { DonutChart } from './charts/donut-chart.tsx';

/** The colours of the shoot statuses (the calendar's green for complete, blue for confirmed). */
const STATUS_COLOURS: Record<ShootStatus, string> = {
  unassigned: 'var(--mantine-color-red-6)',
  assigned_to_drone_admin: 'var(--mantine-color-orange-5)',
  assigned_to_drone_operator: 'var(--mantine-color-yellow-5)',
  confirmed_shoot_dates: 'var(--mantine-color-blue-6)',
  complete: 'var(--mantine-color-green-6)',
};

export function ShootsDonut({ statuses }: { statuses: Record<ShootStatus, number> }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="shoots-donut"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Title order={3} size="h4" mb="md">
        {t('dashboard.shoots.title')}
      </Title>
      {/* Beside the taller map the card stretches: the donut stays in the middle of it. */}
      <Stack justify="center" style={{ flex: 1 }}>
        <DonutChart
          ariaLabel={t('dashboard.shoots.title')}
          totalLabel={t('dashboard.shoots.total')}
          format={formatCount}
          segments={SHOOT_STATUSES.map((status) => ({
            key: status,
            label: t(`shoots.status.${status}`),
            color: STATUS_COLOURS[status],
            value: statuses[status] ?? 0,
          }))}
        />
      </Stack>
    </Paper>
  );
}
