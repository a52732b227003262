import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudUpload } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPanel } from '../../../components/lazy-parts.tsx';
import { useReportData } from '../api/get-report-data.ts';

// The uploader (tus) is fetched when an upload is opened or resumed.
const UploadPanel = lazy(async () => ({ default: (await import('./upload-panel.tsx')).UploadPanel }));
// The progress and the files' verdicts (tooltips, tables) once data has been sent.
const DatasetProgress = lazy(async () => ({
  default: (await import('./dataset-progress.tsx')).DatasetProgress,
}));
const DatasetFilesList = lazy(async () => ({
  default: (await import('./dataset-files-list.tsx')).DatasetFilesList,
}));

/**
 * A report's data on the field page: the "Upload Data" action while the report awaits data (for
 * the customer and the staff allowed to), the per-file verdicts, the analysis progress and, once
 * complete, the counts and the PDF report.
 */
export function ReportDataPanel({ reportUuid }: { reportUuid: string }) {
  const { t } = useTranslation();
  const query = useReportData(reportUuid);
  const [uploading, panel] = useDisclosure(false);

  if (query.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (query.isError) return <Alert color="red">{t('datasets.loadError')}</Alert>;
  const data = query.data;
  const dataset = data.dataset;
  const openUploads = dataset?.status === 'open' ? dataset.uploads.length : 0;
  const showUpload = data.canUpload && (uploading || openUploads > 0);

  return (
    <Stack gap="sm" data-testid="report-data" data-report-status={data.report.status}>
      <Group justify="space-between">
        <Title order={4}>{t('datasets.title')}</Title>
        {data.canUpload && !showUpload && (
          <Button leftSection={<IconCloudUpload size={16} />} onClick={panel.open} data-testid="upload-open">
            {t('datasets.uploadData')}
          </Button>
        )}
      </Group>
      {showUpload && (
        <LazyPanel>
          <UploadPanel data={data} />
        </LazyPanel>
      )}
      {dataset && dataset.status !== 'open' && (
        <LazyPanel>
          <DatasetProgress data={data} />
          <DatasetFilesList dataset={dataset} />
        </LazyPanel>
      )}
      {!dataset && !data.canUpload && data.report.status !== 'complete' && (
        <Text size="sm" c="dimmed">
          {t('datasets.noData')}
        </Text>
      )}
    </Stack>
  );
}
