import { Button, Group } from '@mantine/core';
import { IconDownload, IconHelicopter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDownloadFlightGuide, useDownloadReportKml } from '../api/download-report-files.ts';

/** A Bring Your Own Images report: the flight guide (PDF, reader's language) and the field's KML. */
export function ManualReportFiles({ reportUuid }: { reportUuid: string }) {
  const { t, i18n } = useTranslation();
  const guide = useDownloadFlightGuide();
  const kml = useDownloadReportKml();
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconHelicopter size={16} />}
        loading={guide.isPending}
        onClick={() => guide.mutate(i18n.language === 'el' ? 'el' : 'en')}
        data-testid="report-how-to-fly"
      >
        {t('reports.howToFly')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={kml.isPending}
        onClick={() => kml.mutate(reportUuid)}
        data-testid="report-download-kml"
      >
        {t('reports.downloadKml')}
      </Button>
    </Group>
  );
}
