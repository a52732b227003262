import type { StressGrid } from '@ampelos/domain';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STRESS_GRID_RAMP } from './stress-grid-layer.ts';

/** The density grid's scale: squares of 80 m, from one stressed plant to the densest square. */
export function StressGridLegend({ grid }: { grid: StressGrid }) {
  const { t } = useTranslation();
  const densest = grid.cells.reduce((best, cell) => Math.max(best, cell.perHectare), 0);
  return (
    <Stack gap={2} data-testid="results-grid-legend">
      <Text size="xs">{t('results.grid.explain', { metres: Math.round(grid.squareKm * 1000) })}</Text>
      <Box
        h={10}
        style={{ borderRadius: 4, background: `linear-gradient(to right, ${STRESS_GRID_RAMP.join(', ')})` }}
      />
      <Group justify="space-between">
        <Text size="xs">{t('results.grid.low')}</Text>
        <Text size="xs">
          {t('results.grid.high', { count: grid.maxCount, perHectare: Math.round(densest) })}
        </Text>
      </Group>
    </Stack>
  );
}
