import type { DatasetUploadView, ReportDataView } from '@ampelos/domain';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { REPORT_DATA_QUERY_KEY } from '../api/get-report-data.ts';
import { useRemoveUpload } from '../api/remove-upload.ts';
import { useSubmitDataset } from '../api/submit-dataset.ts';
import { formatBytes, formatDuration } from '../upload/transfer-rate.ts';
import { type QueuedFile, useDatasetUpload } from '../upload/use-dataset-upload.ts';

const ACCEPT = '.zip,.jpg,.jpeg,.tif,.tiff,application/zip,image/jpeg,image/tiff';

function ServerUploads({
  uploads,
  reportUuid,
  busy,
}: {
  uploads: DatasetUploadView[];
  reportUuid: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const remove = useRemoveUpload(reportUuid);
  if (uploads.length === 0) return null;
  return (
    <Table verticalSpacing={4} data-testid="dataset-uploads">
      <Table.Tbody>
        {uploads.map((upload) => (
          <Table.Tr key={upload.id}>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {upload.filename}
              </Text>
            </Table.Td>
            <Table.Td w={90}>
              <Text size="sm" c="dimmed">
                {formatBytes(upload.size)}
              </Text>
            </Table.Td>
            <Table.Td>
              {upload.completed ? (
                <Group gap={4} c="green">
                  <IconCheck size={16} />
                  <Text size="sm">{t('datasets.upload.uploaded')}</Text>
                </Group>
              ) : (
                <Text size="sm" c="orange">
                  {t('datasets.upload.unfinished')}
                </Text>
              )}
            </Table.Td>
            <Table.Td w={40}>
              <Tooltip label={t('datasets.upload.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  loading={remove.isPending && remove.variables === upload.id}
                  onClick={() => remove.mutate(upload.id)}
                  aria-label={t('datasets.upload.remove')}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function QueueRow({ item, onRemove }: { item: QueuedFile; onRemove: () => void }) {
  const { t } = useTranslation();
  if (item.status === 'done') return null;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {item.file.name}
        </Text>
        {item.error && (
          <Text size="xs" c="red">
            {translateMessage(item.error)}
          </Text>
        )}
      </Table.Td>
      <Table.Td w={90}>
        <Text size="sm" c="dimmed">
          {formatBytes(item.file.size)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`datasets.upload.status.${item.status}`)}</Text>
      </Table.Td>
      <Table.Td w={40}>
        {item.status !== 'uploading' && (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onRemove}
            aria-label={t('datasets.upload.remove')}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * "Upload Data": pick photos, zips or a GeoTIFF (several at once), watch them go with speed and
 * time left, pause and resume, then submit the dataset for validation.
 */
export function UploadPanel({ data }: { data: ReportDataView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reportUuid = data.report.uuid;
  const open = data.dataset?.status === 'open' ? data.dataset : null;
  const serverUploads = open?.uploads ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...REPORT_DATA_QUERY_KEY, reportUuid] });
  const upload = useDatasetUpload({
    reportUuid,
    bytesOnServer: serverUploads.reduce((sum, item) => sum + item.size, 0),
    onFileUploaded: () => void refresh(),
  });
  const submit = useSubmitDataset(reportUuid);
  const { figures } = upload;
  const canSubmit =
    !upload.uploading && serverUploads.length > 0 && serverUploads.every((item) => item.completed);
  const percent = figures.totalBytes > 0 ? (figures.sentBytes / figures.totalBytes) * 100 : 0;

  return (
    <Paper withBorder p="md" data-testid="upload-panel">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('datasets.upload.hint')}
        </Text>
        <Group>
          <FileButton onChange={(files) => upload.add(files)} accept={ACCEPT} multiple>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                variant="light"
                data-testid="upload-pick"
              >
                {t('datasets.upload.pick')}
              </Button>
            )}
          </FileButton>
          {upload.uploading &&
            (upload.paused ? (
              <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={upload.resume}>
                {t('datasets.upload.resume')}
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconPlayerPause size={16} />} onClick={upload.pause}>
                {t('datasets.upload.pause')}
              </Button>
            ))}
        </Group>
        {upload.sizeError && (
          <Alert color="red" data-testid="upload-size-error">
            {translateMessage(upload.sizeError)}
          </Alert>
        )}
        {figures.totalBytes > 0 && !upload.allDone && (
          <Stack gap={4} data-testid="upload-progress">
            <Progress value={percent} animated={!upload.paused && upload.uploading} />
            <Group justify="space-between">
              <Text size="xs">
                {formatBytes(figures.sentBytes)} / {formatBytes(figures.totalBytes)}
              </Text>
              <Text size="xs" c="dimmed">
                {upload.paused
                  ? t('datasets.upload.paused')
                  : figures.bytesPerSecond
                    ? t('datasets.upload.speed', {
                        speed: formatBytes(figures.bytesPerSecond),
                        left: figures.secondsLeft === null ? '…' : formatDuration(figures.secondsLeft),
                      })
                    : t('datasets.upload.starting')}
              </Text>
            </Group>
          </Stack>
        )}
        <Table verticalSpacing={4}>
          <Table.Tbody>
            {upload.queue.map((item) => (
              <QueueRow key={item.key} item={item} onRemove={() => upload.remove(item.key)} />
            ))}
          </Table.Tbody>
        </Table>
        <ServerUploads uploads={serverUploads} reportUuid={reportUuid} busy={upload.uploading} />
        {serverUploads.some((item) => !item.completed) && !upload.uploading && (
          <Text size="xs" c="orange">
            {t('datasets.upload.pickAgain')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconSend size={16} />}
            disabled={!canSubmit}
            loading={submit.isPending}
            onClick={() => submit.mutate()}
            data-testid="upload-submit"
          >
            {t('datasets.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
