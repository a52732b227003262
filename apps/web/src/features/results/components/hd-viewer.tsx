import { BREAKPOINTS, type ResultsBoxView, type ResultsPhotoView } from '@ampelos/domain';
import { ActionIcon, Box, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useElementSize, useViewportSize } from '@mantine/hooks';
import { IconSquarePlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { annotationText } from '../labels.ts';
import { AnnotationForm } from './annotation-form.tsx';
import { type DraftBox, HdPhoto } from './hd-photo.tsx';

interface HdViewerProps {
  reportUuid: string;
  photo: ResultsPhotoView;
  selectedBoxId: string | null;
  onSelectBox: (boxId: string | null) => void;
  canAnnotate: boolean;
  onClose: () => void;
}

const PANEL_WIDTH = 320;

/**
 * The HD PHOTO view over the map: the photo with its boxes, and beside it the annotation of the
 * chosen box. Customers and staff click a box or draw one, pick a stress factor and save.
 */
export function HdViewer({
  reportUuid,
  photo,
  selectedBoxId,
  onSelectBox,
  canAnnotate,
  onClose,
}: HdViewerProps) {
  const { t, i18n } = useTranslation();
  const viewport = useViewportSize();
  const area = useElementSize();
  const [fit, setFit] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [draft, setDraft] = useState<DraftBox | null>(null);
  const small = viewport.width <= BREAKPOINTS.smallScreen;
  const selected = photo.boxes.find((box) => box.id === selectedBoxId) ?? null;
  const frameWidth = Math.max(200, area.width - (small ? 0 : PANEL_WIDTH + 16));
  const canDraw = canAnnotate && photo.canDraw;

  const choose = (box: ResultsBoxView) => {
    setDraft(null);
    onSelectBox(box.id);
  };

  return (
    <Paper
      pos="absolute"
      inset={0}
      p="sm"
      radius={0}
      style={{ zIndex: 5, display: 'flex', flexDirection: 'column' }}
      data-testid="results-hd-viewer"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} truncate>
          {t('results.hdPhoto')} · {photo.file}
        </Text>
        <Group gap="sm" wrap="nowrap">
          {viewport.width > BREAKPOINTS.imageDrag && (
            <Switch
              label={t('results.fit')}
              checked={fit}
              onChange={(e) => setFit(e.currentTarget.checked)}
            />
          )}
          {canDraw && (
            <Button
              size="xs"
              variant={drawing ? 'filled' : 'light'}
              leftSection={<IconSquarePlus size={14} />}
              onClick={() => setDrawing((on) => !on)}
              aria-pressed={drawing}
              data-testid="results-draw"
            >
              {t('results.drawBox')}
            </Button>
          )}
          <ActionIcon
            variant="subtle"
            onClick={onClose}
            aria-label={t('results.closeHd')}
            data-testid="results-hd-close"
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Box
        ref={area.ref}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: small ? 'column' : 'row', gap: 16 }}
      >
        <HdPhoto
          photo={photo}
          selectedBoxId={selectedBoxId}
          onSelectBox={choose}
          viewportWidth={viewport.width}
          frameWidth={frameWidth}
          frameHeight={small ? area.height * 0.6 : area.height}
          fit={fit || small}
          drawing={drawing}
          draft={draft}
          onDraft={(next) => {
            setDraft(next);
            setDrawing(false);
            onSelectBox(null);
          }}
        />
        <Stack w={small ? '100%' : PANEL_WIDTH} gap="sm" style={{ overflowY: 'auto' }}>
          {drawing && <Text size="sm">{t('results.drawHint')}</Text>}
          {canAnnotate && draft && (
            <AnnotationForm
              key={`draft-${draft.x}-${draft.y}-${draft.w}-${draft.h}`}
              reportUuid={reportUuid}
              file={photo.file}
              base={photo.base}
              target={{ draft }}
              onSaved={(id) => {
                setDraft(null);
                onSelectBox(id);
              }}
              onCancel={() => setDraft(null)}
            />
          )}
          {canAnnotate && selected && !draft && (
            <AnnotationForm
              key={`${selected.id}-${selected.annotatedAt ?? ''}`}
              reportUuid={reportUuid}
              file={photo.file}
              base={photo.base}
              target={{ box: selected }}
              onSaved={(id) => onSelectBox(id)}
            />
          )}
          {!canAnnotate && selected && (
            <Text size="sm" data-testid="annotation-readonly">
              {annotationText(selected, i18n.language, t('results.annotation.other')) ??
                t('results.annotation.none')}
            </Text>
          )}
          {!selected && !draft && !drawing && (
            <Text size="sm" c="dimmed">
              {canAnnotate ? t('results.annotation.hint') : t('results.annotation.hintReadOnly')}
            </Text>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
