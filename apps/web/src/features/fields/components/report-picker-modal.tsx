import { type FieldShootView, reportName, TIMERS_MS } from '@ampelos/domain';
import { Button, Modal, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileAnalytics } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import classes from './fields.module.css';

/** The part of a report the picker reads; reports arrive with the commerce feature. */
interface PickableReport {
  uuid: string;
  createdAt?: string;
  updatedAt?: string;
  processedAt?: string | null;
  status?: string;
}

type SortKey = 'updatedAt' | 'createdAt';

const asReports = (reports: readonly unknown[]): PickableReport[] =>
  reports.filter(
    (r): r is PickableReport =>
      typeof r === 'object' && r !== null && typeof (r as PickableReport).uuid === 'string',
  );

const time = (value: string | undefined) => (value ? Date.parse(value) || 0 : 0);

interface ReportPickerProps {
  reports: readonly unknown[];
  /** The shoots of the field's reports: a complete report is named by its final shoot day. */
  shoots?: readonly FieldShootView[] | undefined;
  selected: string | null;
  onSelect: (uuid: string) => void;
}

/**
 * The report picker: a modal listing the field's reports, sorted by last updated or date added; with
 * none it says "No reports added". It closes 300 ms after a choice (spec section 9).
 */
export function ReportPicker({ reports, shoots, selected, onSelect }: ReportPickerProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const [sort, setSort] = useState<SortKey>('updatedAt');
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );
  const list = useMemo(
    () => asReports(reports).sort((a, b) => time(b[sort]) - time(a[sort])),
    [reports, sort],
  );
  const current = list.find((r) => r.uuid === selected);
  // Named as the report panel names it: final shoot day, processing date, or # and 4 uuid characters.
  const label = (report: PickableReport) => {
    const shoot = shoots?.find((candidate) => candidate.report.uuid === report.uuid) ?? null;
    const name = reportName({ status: report.status ?? '', ...report }, shoot);
    return name.kind === 'date' ? formatDate(name.date, 'short') : name.text;
  };

  const choose = (uuid: string) => {
    onSelect(uuid);
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(modal.close, TIMERS_MS.reportPickerAutoClose);
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFileAnalytics size={16} />}
        onClick={modal.open}
        data-testid="report-picker-open"
      >
        {current ? label(current) : list.length === 0 ? t('fields.reports.none') : t('fields.reports.select')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('fields.reports.select')}>
        <Stack>
          {/* Across the dialog, each label wrapping: the Greek two do not fit one line at 375 px. */}
          <SegmentedControl
            fullWidth
            styles={{ label: { whiteSpace: 'normal' } }}
            value={sort}
            onChange={(value) => setSort(value as SortKey)}
            data={[
              { value: 'updatedAt', label: t('fields.reports.lastUpdated') },
              { value: 'createdAt', label: t('fields.reports.dateAdded') },
            ]}
            aria-label={t('fields.reports.sortBy')}
          />
          {list.length === 0 ? (
            <Text c="dimmed" ta="center" py="md" data-testid="report-picker-empty">
              {t('fields.reports.none')}
            </Text>
          ) : (
            list.map((report) => (
              <UnstyledButton
                key={report.uuid}
                className={classes.option}
                data-selected={report.uuid === selected || undefined}
                onClick={() => choose(report.uuid)}
                data-testid="report-picker-option"
                data-uuid={report.uuid}
              >
                <Text size="sm">{label(report)}</Text>
                <Text size="xs" c="dimmed">
                  {formatDate(report[sort])}
                </Text>
              </UnstyledButton>
            ))
          )}
        </Stack>
      </Modal>
    </>
  );
}
