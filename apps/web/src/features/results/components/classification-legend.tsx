import { PLANT_CLASS_HEX, PLANT_CLASS_KEYS } from '@ampelos/domain';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The marker of a plant whose class a person chose: a square, where the analysis's are round. */
export const PERSON_MARKER_RADIUS = '3px';

/**
 * Legend of the Classification layer: the classes in the colours the tiles and the plant markers
 * use (`PLANT_CLASS_HEX`), which markers a person assessed, and what "Not Classified" means.
 */
export function ClassificationLegend() {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="results-classification-legend">
      <Text size="sm" fw={500}>
        {t('results.classificationLegend.title')}
      </Text>
      {PLANT_CLASS_KEYS.map((key) => (
        <Group key={key} gap={6} wrap="nowrap" data-class={key}>
          <Box w={12} h={12} style={{ borderRadius: 2, background: PLANT_CLASS_HEX[key], flexShrink: 0 }} />
          <Text size="xs">{t(`results.classes.${key}`)}</Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap" mt={2}>
        <Box
          w={12}
          h={12}
          style={{ borderRadius: '50%', border: '2px solid #555', background: '#fff', flexShrink: 0 }}
        />
        <Text size="xs">{t('results.classificationLegend.byAnalysis')}</Text>
      </Group>
      <Group gap={6} wrap="nowrap" data-testid="results-class-by-person">
        <Box
          w={12}
          h={12}
          style={{
            borderRadius: PERSON_MARKER_RADIUS,
            border: '2px solid #111',
            background: '#fff',
            flexShrink: 0,
          }}
        />
        <Text size="xs">{t('results.classificationLegend.byPerson')}</Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="results-not-classified-explained">
        {t('results.classificationLegend.notClassified')}
      </Text>
    </Stack>
  );
}
