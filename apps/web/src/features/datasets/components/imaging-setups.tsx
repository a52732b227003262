import { describeImagingSetup, type ImagingSetup } from '@ampelos/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Which camera, bands, height source and method the analysis used (one line per distinct setup). */
export function ImagingSetups({ setups }: { setups: ImagingSetup[] }) {
  const { t, i18n } = useTranslation();
  if (setups.length === 0) return null;
  const lang = i18n.language === 'el' ? 'el' : 'en';
  return (
    <Stack gap={2} data-testid="dataset-imaging">
      <Text size="sm" fw={600}>
        {t('datasets.complete.imaging')}
      </Text>
      {setups.map((setup) => {
        const text = describeImagingSetup(setup, lang);
        return (
          <Text size="sm" c="dimmed" key={JSON.stringify(setup)}>
            {text.camera} · {text.bands} · {text.height} · {text.method}
          </Text>
        );
      })}
    </Stack>
  );
}
