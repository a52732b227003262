import type { ReportAwaitingShootView } from '@ampelos/domain';
import { Badge, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixedDatesModal } from './fixed-dates-modal.tsx';
import { ShootFieldHeader } from './shoot-detail.tsx';
import { OwnerTable, ShootDetailsTable, ShootFieldTable } from './shoot-detail-tables.tsx';

/**
 * An E2E report without a shoot (admin roles): who and where, and, once it is processing, fixed
 * dates chosen by staff (which create the shoot). Before payment nothing can be scheduled yet.
 */
export function AwaitingReportDetail({
  item,
  onBack,
}: {
  item: ReportAwaitingShootView;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const [fixing, setFixing] = useState(false);
  const { report } = item;
  return (
    <Stack gap="md" data-testid="shoot-report-detail" data-uuid={report.uuid} data-status={report.status}>
      <ShootFieldHeader
        field={item.field}
        onBack={onBack}
        badge={<Badge variant="light">{t(`shoots.reportStatus.${report.status}`)}</Badge>}
      />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text size="sm">
            {report.status === 'processing' ? t('shoots.awaiting.processing') : t('shoots.awaiting.unpaid')}
          </Text>
          {report.status === 'processing' && (
            <Button
              variant="light"
              w="fit-content"
              leftSection={<IconCalendarPin size={16} />}
              onClick={() => setFixing(true)}
              data-testid="shoot-fixed-dates"
            >
              {t('shoots.fixed.open')}
            </Button>
          )}
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ShootDetailsTable report={report} field={item.field} />
        <OwnerTable owner={item.owner} />
        {item.field && <ShootFieldTable field={item.field} />}
      </SimpleGrid>
      {fixing && (
        <FixedDatesModal
          target={{ reportUuid: report.uuid }}
          initial={null}
          onClose={() => setFixing(false)}
        />
      )}
    </Stack>
  );
}
