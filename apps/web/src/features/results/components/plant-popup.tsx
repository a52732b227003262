import type { ResultsBoxView, ResultsPhotoView } from '@ampelos/domain';
import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconNavigation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { annotationText, classKey, directionsUrl } from '../labels.ts';
import { PhotoCrop } from './photo-crop.tsx';

interface PlantPopupProps {
  photo: ResultsPhotoView;
  box: ResultsBoxView;
  hd: boolean;
  onHd: (hd: boolean) => void;
}

/** Opens directions to the plant; without geolocation the spec's "Navigator is not supported". */
export function navigateTo(lat: number, lng: number, notSupported: string) {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
    notifyError(notSupported);
    return;
  }
  // Opened in the click itself (not after a position fix) so no pop-up blocker stops it; the maps
  // app starts from the device's own position.
  window.open(directionsUrl(lat, lng), '_blank', 'noopener');
}

/** The marker popup: the plant's photo, its class and annotation, HD PHOTO and directions. */
export function PlantPopup({ photo, box, hd, onHd }: PlantPopupProps) {
  const { t, i18n } = useTranslation();
  const annotation = annotationText(box, i18n.language, t('results.annotation.other'));
  return (
    <Stack gap={6} data-testid="results-popup" data-box-id={box.id} miw={240}>
      <PhotoCrop
        url={photo.hdUrl}
        box={box}
        width={280}
        height={180}
        alt={t('results.photoAlt', { file: photo.file })}
      />
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Badge variant="light" color={box.className === 'Not Classified' ? 'gray' : 'grape'}>
          {t(classKey(box.className))}
        </Badge>
        {box.drawn && (
          <Badge variant="outline" color="teal">
            {t('results.drawnBox')}
          </Badge>
        )}
      </Group>
      {annotation && (
        <Text size="sm" data-testid="results-popup-annotation">
          {annotation}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {photo.file} · {box.lat.toFixed(6)}, {box.lng.toFixed(6)}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Switch
          label={t('results.hdPhoto')}
          checked={hd}
          onChange={(event) => onHd(event.currentTarget.checked)}
          data-testid="results-hd-toggle"
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconNavigation size={14} />}
          onClick={() => navigateTo(box.lat, box.lng, t('results.navigatorNotSupported'))}
          data-testid="results-navigate"
        >
          {t('results.navigate')}
        </Button>
      </Group>
    </Stack>
  );
}
