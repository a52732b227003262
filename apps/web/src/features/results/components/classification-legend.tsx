import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The classification (beta) layer's colours, as `platform/imaging/tiles/layer-codes.ts` BETA_PALETTE
 * paints them: grey for "Not Classified", then the five classes in their order.
 */
export const CLASSIFICATION_COLOURS = [
  { key: 'fungalDiseases', colour: 'rgb(128, 0, 128)' },
  { key: 'trunkDiseases', colour: 'rgb(120, 70, 20)' },
  { key: 'heatStress', colour: 'rgb(255, 120, 0)' },
  { key: 'waterStress', colour: 'rgb(0, 120, 255)' },
  { key: 'toxicity', colour: 'rgb(200, 0, 60)' },
  { key: 'notClassified', colour: 'rgb(150, 150, 150)' },
] as const;

/** Legend of the Classification layer, with what "Not Classified" means. */
export function ClassificationLegend() {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="results-classification-legend">
      <Text size="sm" fw={500}>
        {t('results.classificationLegend.title')}
      </Text>
      {CLASSIFICATION_COLOURS.map(({ key, colour }) => (
        <Group key={key} gap={6} wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: 2, background: colour, flexShrink: 0 }} />
          <Text size="xs">{t(`results.classes.${key}`)}</Text>
        </Group>
      ))}
      <Text size="xs" c="dimmed" data-testid="results-not-classified-explained">
        {t('results.classificationLegend.notClassified')}
      </Text>
    </Stack>
  );
}
