import { ANNOTATION_COMMENT_MAX, type BoxAnnotationInput, type ResultsBoxView } from '@ampelos/domain';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useAnnotateBox } from '../api/annotate-box.ts';
import { stressFactorOptions } from '../labels.ts';

interface AnnotationFormProps {
  reportUuid: string;
  file: string;
  base: string;
  /** The box being annotated, or a box just drawn (HD pixels, not saved yet). */
  target: { box: ResultsBoxView } | { draft: { x: number; y: number; w: number; h: number } };
  onSaved: (boxId: string | null) => void;
  onCancel?: () => void;
}

/**
 * Picks a stress factor from the catalogue (or Other with free text) and a comment for a box, and
 * saves it on the box (`POST /reports/update/bbox`).
 */
export function AnnotationForm({ reportUuid, file, base, target, onSaved, onCancel }: AnnotationFormProps) {
  const { t, i18n } = useTranslation();
  const existing = 'box' in target ? target.box : null;
  const [factor, setFactor] = useState<string | null>(existing?.factor ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const mutation = useAnnotateBox();
  const options = useMemo(
    () => stressFactorOptions(i18n.language, t('results.annotation.other')),
    [i18n.language, t],
  );

  function save() {
    const text = comment.trim();
    if (factor === 'other' && !text) return setError(t('results.annotation.otherNeedsComment'));
    if (!existing && !factor && !text) return setError(t('results.annotation.draftNeedsFactor'));
    setError(null);
    const body: BoxAnnotationInput = {
      reportUuid,
      file,
      base,
      factor,
      comment: text,
      ...(existing
        ? { bboxId: existing.id }
        : { thr_coords: (target as { draft: BoxAnnotationInput['thr_coords'] }).draft }),
    };
    mutation.mutate(body, { onSuccess: (answer) => onSaved(answer.data.box?.id ?? null) });
  }

  return (
    <Stack gap="xs" data-testid="annotation-form">
      <Text fw={600} size="sm">
        {existing ? t('results.boxLabel', { id: existing.id }) : t('results.annotation.newBox')}
      </Text>
      <Select
        label={t('results.annotation.factor')}
        placeholder={t('results.annotation.factorPlaceholder')}
        data={options}
        value={factor}
        onChange={setFactor}
        searchable
        // Clicking the chosen factor again keeps it (Mantine would clear it without a word); the
        // clear button still empties the field on purpose.
        allowDeselect={false}
        clearable
        comboboxProps={{ withinPortal: false }}
        maxDropdownHeight={260}
        data-testid="annotation-factor"
      />
      <Textarea
        label={factor === 'other' ? t('results.annotation.otherComment') : t('results.annotation.comment')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        maxLength={ANNOTATION_COMMENT_MAX}
        minRows={3}
        error={error}
        data-testid="annotation-comment"
      />
      {existing?.annotatedAt && (
        <Text size="xs" c="dimmed" data-testid="annotation-by">
          {t('results.annotation.lastBy', {
            name: existing.annotatedBy ?? '',
            date: formatDate(existing.annotatedAt),
          })}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        {onCancel && (
          <Button variant="default" size="xs" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button size="xs" onClick={save} loading={mutation.isPending} data-testid="annotation-save">
          {t('results.annotation.save')}
        </Button>
      </Group>
    </Stack>
  );
}
