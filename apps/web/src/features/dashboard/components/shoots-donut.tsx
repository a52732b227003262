import { SHOOT_STATUSES, type ShootStatus } from '@ampelos/domain';
import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../chart-labels.ts';

/** The colours of the shoot statuses (the calendar's green for complete, blue for confirmed). */
const STATUS_COLOURS: Record<ShootStatus, string> = {
  unassigned: 'red.6',
  assigned_to_drone_admin: 'orange.5',
  assigned_to_drone_operator: 'yellow.5',
  confirmed_shoot_dates: 'blue.6',
  complete: 'green.6',
};
const SIZE = 200;

/** Shoots per status: a donut with the total in its middle, and every status with its count and share. */
export function ShootsDonut({ statuses }: { statuses: Record<ShootStatus, number> }) {
  const { t } = useTranslation();
  const segments = SHOOT_STATUSES.map((status) => ({
    name: t(`shoots.status.${status}`),
    value: statuses[status] ?? 0,
    color: STATUS_COLOURS[status],
    key: status,
  }));
  const total = segments.reduce((sum, s) => sum + s.value, 0);
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
      <Stack justify="center" align="center" style={{ flex: 1 }} gap="md">
        <Box pos="relative" w={SIZE} h={SIZE} role="img" aria-label={t('dashboard.shoots.title')}>
          <DonutChart
            size={SIZE}
            thickness={34}
            withTooltip={false}
            strokeWidth={0}
            // An empty range still draws the ring, in grey.
            data={total > 0 ? segments.filter((s) => s.value > 0) : [{ name: '', value: 1, color: 'gray.2' }]}
          />
          <Stack
            gap={0}
            align="center"
            justify="center"
            pos="absolute"
            inset={0}
            style={{ pointerEvents: 'none' }}
          >
            <Text fz={30} fw={700} lh={1.1}>
              {formatCount(total)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('dashboard.shoots.total')}
            </Text>
          </Stack>
        </Box>
        <Stack gap={4} w="100%">
          {segments.map((segment) => (
            <Group
              key={segment.key}
              justify="space-between"
              wrap="nowrap"
              data-testid="donut-legend-item"
              data-key={segment.key}
            >
              <Group gap={8} wrap="nowrap">
                <ColorSwatch
                  color={`var(--mantine-color-${segment.color.replace('.', '-')})`}
                  size={12}
                  withShadow={false}
                />
                <Text size="sm">{segment.name}</Text>
              </Group>
              <Text size="sm" fw={600}>
                {formatCount(segment.value)}
                {total > 0 && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {Math.round((segment.value / total) * 100)}%
                  </Text>
                )}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
