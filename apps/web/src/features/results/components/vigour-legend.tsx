import { VIGOUR_CLASS_HEX, VIGOUR_CLASSES, type VigourClass } from '@ampelos/domain';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Legend of the vigour layer: the three classes (with how many plants each, once loaded) and how they are set. */
export function VigourLegend({
  counts,
  state,
}: {
  counts: Record<VigourClass, number> | null;
  state: 'loading' | 'error' | 'ready';
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="results-vigour-legend">
      <Text size="sm" fw={500}>
        {t('results.vigourLegend.title')}
      </Text>
      {VIGOUR_CLASSES.map((key) => (
        <Group key={key} gap={6} wrap="nowrap" data-vigour={key}>
          <Box w={12} h={12} style={{ borderRadius: 2, background: VIGOUR_CLASS_HEX[key], flexShrink: 0 }} />
          <Text size="xs">
            {counts
              ? t('results.vigourLegend.count', {
                  name: t(`results.vigourLegend.${key}`),
                  count: counts[key],
                })
              : t(`results.vigourLegend.${key}`)}
          </Text>
        </Group>
      ))}
      {state === 'loading' && (
        <Text size="xs" c="dimmed">
          {t('results.vigourLegend.loading')}
        </Text>
      )}
      {state === 'error' && (
        <Text size="xs" c="red" role="alert">
          {t('results.vigourLegend.error')}
        </Text>
      )}
      <Text size="xs" c="dimmed" data-testid="results-vigour-explained">
        {t('results.vigourLegend.explain')}
      </Text>
    </Stack>
  );
}
