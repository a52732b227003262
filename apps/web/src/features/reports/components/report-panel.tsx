import type { FieldShootView, ReportView, Role } from '@ampelos/domain';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPanel } from '../../../components/lazy-parts.tsx';
import { useUser } from '../../../lib/auth.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { formatDay, formatDayRange } from '../../../lib/days.ts';
import { formatDate } from '../../../lib/format.ts';
import { reportAction, reportName, showsValidity } from '../report-rules.ts';
import { ManualReportFiles } from './manual-report-files.tsx';
import { ReportActionArea } from './report-action-area.tsx';
import { ReportStatusLabel } from './report-status-label.tsx';

// Staff only: its select (and the popover code under it) is not downloaded for customers.
const ReportStatusEditor = lazy(async () => ({
  default: (await import('./report-status-editor.tsx')).ReportStatusEditor,
}));

export interface ReportPanelProps {
  report: ReportView & { processedAt?: string | null };
  /** The report's shoot as `GET /fields` shootData carries it (with the caller's actions), if any. */
  shoot: FieldShootView | null;
  /**
   * The upload-dataset panel of the Bring Your Own Images upload feature (a later issue), shown in
   * place of "Awaiting Data" once it exists.
   */
  uploadDataSlot?: ReactNode;
}

/**
 * The field page's area for the report selected in the picker: its name and status label, the validity
 * rows, the shoot so far, the action of its status, the Bring Your Own Images files and, for staff with
 * Report:update, the status change.
 */
export function ReportPanel({ report, shoot, uploadDataSlot }: ReportPanelProps) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const authorization = useAuthorization();
  const name = reportName(report, shoot);
  const action = user ? reportAction({ report, shoot, role: user.role as Role, now: new Date() }) : null;
  const rows: [string, ReactNode][] = [[t('reports.panel.service'), t(`reports.service.${report.service}`)]];
  if (showsValidity(report.status)) {
    rows.push([t('reports.panel.validFrom'), formatDate(report.validFrom) || t('reports.panel.notSet')]);
    rows.push([t('reports.panel.validTo'), formatDate(report.validTo) || t('reports.panel.notSet')]);
  }
  rows.push([t('reports.panel.created'), formatDate(report.createdAt)]);
  if (shoot) {
    rows.push([
      t('reports.panel.shootStatus'),
      <span key="status" data-testid="report-shoot-status">
        {t(`reports.shootStatus.${shoot.status}`)}
      </span>,
    ]);
    if (shoot.dateRange) rows.push([t('reports.panel.availability'), formatDayRange(shoot.dateRange)]);
    if (shoot.shootDays) {
      rows.push([t('reports.panel.confirmed'), formatDayRange(shoot.shootDays.confirmed)]);
      rows.push([t('reports.panel.alternative'), formatDayRange(shoot.shootDays.alternative)]);
      if (shoot.shootDays.final) rows.push([t('reports.panel.final'), formatDay(shoot.shootDays.final)]);
    }
  }

  return (
    <Paper withBorder p="md" data-testid="report-panel" data-uuid={report.uuid}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={4} data-testid="report-name">
              {name.kind === 'date' ? formatDate(name.date, 'short') : name.text}
            </Title>
            <ReportStatusLabel status={report.status} />
          </Group>
          <Badge variant="outline" color="gray">
            {t(`reports.serviceShort.${report.service}`)}
          </Badge>
        </Group>
        <Table variant="vertical" layout="fixed" withTableBorder={false} data-testid="report-details">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                {/* As the detail cards: on a phone the label takes more of the row, so the Greek
                    "Η διαθεσιμότητά σας" stays within two lines. */}
                <Table.Th w={{ base: '58%', xs: '45%' }}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {action && (
          <ReportActionArea action={action} report={report} shoot={shoot} uploadDataSlot={uploadDataSlot} />
        )}
        {report.service === 'manual' && <ManualReportFiles reportUuid={report.uuid} />}
        {authorization.can('update', 'Report') && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('reports.statusChange.hint')}
            </Text>
            <LazyPanel>
              <ReportStatusEditor key={report.status} reportUuid={report.uuid} status={report.status} />
            </LazyPanel>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
