import { REPORT_STATUSES, type ReportStatus } from '@ampelos/domain';
import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateReportStatus } from '../api/update-report-status.ts';
import { reportStatusKey } from '../report-rules.ts';

/**
 * Staff with Report:update move a report to another status. Every other status is offered: the server
 * decides by the transition table and an illegal move shows its reason.
 */
export function ReportStatusEditor({ reportUuid, status }: { reportUuid: string; status: ReportStatus }) {
  const { t } = useTranslation();
  const [next, setNext] = useState<ReportStatus | null>(null);
  const update = useUpdateReportStatus();
  const options = REPORT_STATUSES.filter((value) => value !== status).map((value) => ({
    value,
    label: t(reportStatusKey(value)),
  }));

  return (
    <Group gap="xs" align="flex-end" data-testid="report-status-editor">
      <Select
        label={t('reports.statusChange.label')}
        placeholder={t('reports.statusChange.placeholder')}
        data={options}
        value={next}
        onChange={(value) => setNext(value as ReportStatus | null)}
        allowDeselect
        w={220}
        comboboxProps={{ withinPortal: true }}
        data-testid="report-status-select"
      />
      <Button
        disabled={!next}
        loading={update.isPending}
        onClick={() => {
          if (!next) return;
          update.mutate(
            { reportUuid, newStatus: next },
            {
              onSuccess: () => {
                notifySuccess(t('reports.statusChange.updated'));
                setNext(null);
              },
            },
          );
        }}
        data-testid="report-status-update"
      >
        {t('reports.statusChange.submit')}
      </Button>
    </Group>
  );
}
