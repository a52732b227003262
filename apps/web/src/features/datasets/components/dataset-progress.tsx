import type { ReportDataView } from '@ampelos/domain';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPanel } from '../../../components/lazy-parts.tsx';
import { formatDate } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { ImagingSetups } from './imaging-setups.tsx';

// Its form (flight height, camera channels) is fetched only for a dataset in review.
const ImagingReview = lazy(async () => ({ default: (await import('./imaging-review.tsx')).ImagingReview }));

/** Validation and analysis progress, then the results: counts and the PDF report. */
export function DatasetProgress({ data }: { data: ReportDataView }) {
  const { t } = useTranslation();
  const dataset = data.dataset;
  if (!dataset || dataset.status === 'open') return null;
  const { phase, done, total } = dataset.progress;

  if (dataset.status === 'rejected' || dataset.status === 'failed') {
    return (
      <Alert color="red" title={t(`datasets.phase.${phase}`)} data-testid="dataset-refused">
        {dataset.message ? translateMessage(dataset.message) : null}
      </Alert>
    );
  }

  if (dataset.status === 'review')
    return (
      <LazyPanel>
        <ImagingReview data={data} />
      </LazyPanel>
    );

  if (data.report.status === 'complete') {
    const { report } = data;
    return (
      <Paper withBorder p="sm" data-testid="dataset-complete">
        <Stack gap="xs">
          <Text fw={600}>{t('datasets.complete.title')}</Text>
          <Text size="sm">
            {t('datasets.complete.counts', {
              input: report.numOfInputImgs ?? 0,
              output: report.numOfOutputImgs ?? 0,
            })}
          </Text>
          <ImagingSetups setups={report.imaging ?? []} />
          {report.processedAt && (
            <Text size="sm" c="dimmed">
              {t('datasets.complete.processedAt', { date: formatDate(report.processedAt) })}
            </Text>
          )}
          {data.pdfUrl && (
            <Group>
              <Button
                component="a"
                href={data.pdfUrl}
                target="_blank"
                rel="noopener"
                leftSection={<IconFileTypePdf size={16} />}
                data-testid="dataset-pdf"
              >
                {t('datasets.complete.downloadPdf')}
              </Button>
              <Anchor href={data.pdfUrl} download="final_report.pdf" size="sm">
                {t('datasets.complete.saveCopy')}
              </Anchor>
            </Group>
          )}
        </Stack>
      </Paper>
    );
  }

  // Validation has no steps to count: the bar runs full and animated.
  const value = total > 0 ? (done / total) * 100 : 100;
  return (
    <Paper withBorder p="sm" data-testid="dataset-processing">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t(`datasets.phase.${phase}`)}
          </Text>
          {total > 0 && (
            <Text size="sm" c="dimmed">
              {t('datasets.progress.steps', { done, total })}
            </Text>
          )}
        </Group>
        <Progress value={value} animated striped={total === 0} aria-label={t(`datasets.phase.${phase}`)} />
        <Text size="xs" c="dimmed">
          {t('datasets.progress.note')}
        </Text>
      </Stack>
    </Paper>
  );
}
