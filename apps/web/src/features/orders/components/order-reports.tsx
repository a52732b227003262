import { isReportStatus, type OrderReportView } from '@ampelos/domain';
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';
import { groupReportsByField, hasDeletedFields } from '../order-figures.ts';

/** Reports Info: the order's reports grouped by field, each with its service, status, validity and date. */
export function OrderReports({ reports }: { reports: readonly OrderReportView[] }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => formatCalendarDate(value, i18n.language) || '—';
  const groups = groupReportsByField(reports);

  return (
    <Paper withBorder p="md" data-testid="order-reports">
      <Title order={4} mb="xs">
        {t('orders.reports.title')}
      </Title>
      {reports.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="order-reports-empty">
          {t('orders.reports.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          {hasDeletedFields(reports) && (
            <Alert color="yellow" variant="light" data-testid="order-fields-deleted">
              {t('orders.reports.fieldsDeleted')}
            </Alert>
          )}
          {groups.map((group) => (
            <Stack
              key={group.key}
              gap={4}
              data-testid="order-report-group"
              data-field-uuid={group.fieldUuid ?? ''}
            >
              <Group gap="xs">
                <Text fw={600} data-testid="order-report-group-title">
                  {group.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('orders.reports.hectares', { value: group.hectares })}
                </Text>
                {group.fieldUuid === null && (
                  <Badge color="gray" variant="outline" size="sm">
                    {t('orders.reports.deletedField')}
                  </Badge>
                )}
              </Group>
              {/* On a phone the table scrolls inside the card, from the keyboard too. */}
              <ScrollTable
                minWidth={520}
                label={t('orders.reports.tableLabel', { field: group.title })}
                data-testid="order-reports-scroll"
              >
                <Table striped verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('orders.reports.report')}</Table.Th>
                      <Table.Th>{t('orders.reports.service')}</Table.Th>
                      <Table.Th>{t('orders.reports.status')}</Table.Th>
                      <Table.Th>{t('orders.reports.validity')}</Table.Th>
                      <Table.Th>{t('orders.reports.created')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {group.reports.map((report) => (
                      <Table.Tr key={report.uuid} data-testid="order-report-row" data-uuid={report.uuid}>
                        <Table.Td ff="monospace">#{report.uuid.slice(0, 8)}</Table.Td>
                        <Table.Td>
                          {t(`orders.reports.services.${report.service}`)} ·{' '}
                          {t('orders.reports.shoots', { count: report.shoots })}
                        </Table.Td>
                        <Table.Td data-testid="order-report-status" data-status={report.status}>
                          {isReportStatus(report.status)
                            ? t(`orders.reportStatus.${report.status}`)
                            : t('orders.status.unknown')}
                        </Table.Td>
                        <Table.Td>
                          {report.validFrom || report.validTo
                            ? `${date(report.validFrom)} – ${date(report.validTo)}`
                            : '—'}
                        </Table.Td>
                        <Table.Td>{date(report.createdAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
