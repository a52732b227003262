import type { DataExportView } from '@ampelos/domain';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDataExport } from '../api/get-data-export.ts';
import { useRequestDataExport } from '../api/request-data-export.ts';

const MB = 1024 * 1024;

function percentOf(current: DataExportView) {
  if (current.status === 'queued' || !current.filesTotal) return current.status === 'queued' ? 0 : 5;
  return Math.round((100 * current.filesDone) / current.filesTotal);
}

/** "Download my data" (privacy policy): asks for a zip, shows its progress, then the download link. */
export function DataExport() {
  const { t } = useTranslation();
  const status = useDataExport();
  const request = useRequestDataExport();
  const current = status.data?.export ?? null;
  const busy = current?.status === 'queued' || current?.status === 'running';

  const start = () => request.mutate(undefined, { onError: () => notifyError(t('privacy.exportFailed')) });

  return (
    <Paper withBorder p="lg" data-testid="data-export">
      <Stack>
        <Title order={3}>{t('privacy.exportTitle')}</Title>
        <Text size="sm">{t('privacy.exportHint')}</Text>
        {busy && (
          <Stack gap={4}>
            <Progress value={percentOf(current)} animated aria-label={t('privacy.exportPreparing')} />
            <Text size="xs" c="dimmed">
              {current.filesTotal
                ? t('privacy.exportProgress', { done: current.filesDone, total: current.filesTotal })
                : t('privacy.exportPreparing')}
            </Text>
          </Stack>
        )}
        {current?.status === 'ready' && current.downloadUrl && (
          <Group gap="sm">
            <Button component="a" href={current.downloadUrl} download data-testid="data-export-download">
              {t('privacy.exportDownload', { size: ((current.bytes ?? 0) / MB).toFixed(1) })}
            </Button>
            {current.expiresAt && (
              <Text size="xs" c="dimmed">
                {t('privacy.exportExpires', { date: formatDate(current.expiresAt) })}
              </Text>
            )}
          </Group>
        )}
        {current?.status === 'failed' && <Text c="red">{t('privacy.exportFailed')}</Text>}
        {current?.status === 'expired' && (
          <Text size="sm" c="dimmed">
            {t('privacy.exportExpired')}
          </Text>
        )}
        {!busy && (
          <Group>
            <Button
              variant={current?.status === 'ready' ? 'default' : 'filled'}
              onClick={start}
              loading={request.isPending}
              data-testid="data-export-request"
            >
              {current ? t('privacy.exportAgain') : t('privacy.exportRequest')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
