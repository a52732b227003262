import type { FieldShootView, ReportView } from '@ampelos/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent, IconCalendarSearch, IconCloudUpload } from '@tabler/icons-react';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../../components/lazy-parts.tsx';
import type { ReportAction } from '../report-rules.ts';

// The date picker is fetched when the dialog first opens.
const ScheduleShootModal = lazy(async () => ({
  default: (await import('./schedule-shoot-modal.tsx')).ScheduleShootModal,
}));

interface ReportActionAreaProps {
  action: ReportAction;
  report: ReportView;
  shoot: FieldShootView | null;
  uploadDataSlot?: ReactNode;
}

/** The action button of the report's status (see `reportAction`). */
export function ReportActionArea({ action, report, shoot, uploadDataSlot }: ReportActionAreaProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);

  if (action.kind === 'scheduling-fixed') {
    return (
      <Stack gap="xs">
        <Button
          disabled
          leftSection={<IconCalendarSearch size={16} />}
          w="fit-content"
          data-testid="report-action-scheduling"
        >
          {t('reports.action.scheduling')}
        </Button>
        <Alert color="blue" variant="light" data-testid="report-fixed-note">
          {t('reports.fixedNote')}
        </Alert>
      </Stack>
    );
  }

  if (action.kind === 'awaiting-data') {
    return (
      uploadDataSlot ?? (
        <Button
          disabled
          leftSection={<IconCloudUpload size={16} />}
          w="fit-content"
          data-testid="report-action-awaiting-data"
        >
          {t('reports.action.awaitingData')}
        </Button>
      )
    );
  }

  return (
    <>
      <Button
        leftSection={<IconCalendarEvent size={16} />}
        w="fit-content"
        onClick={modal.open}
        data-testid="report-action-schedule"
      >
        {action.change ? t('reports.action.changeAvailability') : t('reports.action.schedule')}
      </Button>
      {opened && (
        <LazyDialog opened>
          <ScheduleShootModal
            opened
            onClose={modal.close}
            reportUuid={report.uuid}
            validTo={report.validTo}
            initial={shoot?.dateRange ?? null}
          />
        </LazyDialog>
      )}
    </>
  );
}
