import {
  CAMERA_LAYOUTS,
  type CameraLayout,
  PLAUSIBLE_FLIGHT_HEIGHT_M,
  type ReportDataView,
} from '@ampelos/domain';
import { Alert, Button, Group, List, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmImaging } from '../api/confirm-imaging.ts';

/**
 * A dataset waiting for a confirmation: the customer reads why it waits; operations staff read the
 * engine's reasons and confirm a flight height and/or the camera's channel layout.
 */
export function ImagingReview({ data }: { data: ReportDataView }) {
  const { t } = useTranslation();
  const reasons = data.dataset?.review?.reasons ?? [];
  return (
    <Alert color="yellow" title={t('datasets.phase.review')} data-testid="dataset-review">
      <Stack gap="xs">
        <Text size="sm">{t('datasets.review.customer')}</Text>
        {data.canConfirmImaging && <ConfirmForm reportUuid={data.report.uuid} reasons={reasons} />}
      </Stack>
    </Alert>
  );
}

function ConfirmForm({ reportUuid, reasons }: { reportUuid: string; reasons: string[] }) {
  const { t } = useTranslation();
  const confirm = useConfirmImaging(reportUuid);
  const [height, setHeight] = useState<number | string>('');
  const [layout, setLayout] = useState<string>('keep');
  const error = confirm.error instanceof ApiError ? confirm.error.messages.join(' ') : null;
  const submit = () => {
    const heightM = typeof height === 'number' ? height : undefined;
    confirm.mutate({
      ...(heightM !== undefined ? { heightM } : {}),
      ...(layout !== 'keep' ? { layout: layout as CameraLayout } : {}),
    });
  };
  return (
    <Stack gap="xs" data-testid="imaging-confirm">
      <Text fw={600} size="sm">
        {t('datasets.review.staffTitle')}
      </Text>
      <List size="sm">
        {reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label={t('datasets.review.height')}
          description={t('datasets.review.heightHint')}
          min={PLAUSIBLE_FLIGHT_HEIGHT_M.min}
          max={1000}
          decimalScale={1}
          value={height}
          onChange={setHeight}
          w={220}
          data-testid="imaging-height"
        />
        <Select
          label={t('datasets.review.layout')}
          data={['keep', ...CAMERA_LAYOUTS].map((value) => ({
            value,
            label: t(`datasets.review.layouts.${value}`),
          }))}
          value={layout}
          onChange={(value) => setLayout(value ?? 'keep')}
          allowDeselect={false}
          w={280}
        />
        <Button onClick={submit} loading={confirm.isPending} data-testid="imaging-confirm-submit">
          {t('datasets.review.confirm')}
        </Button>
      </Group>
      {confirm.isError && (
        <Text size="sm" c="red" role="alert">
          {error ?? t('datasets.review.error')}
        </Text>
      )}
    </Stack>
  );
}
