import type { OrderView } from '@ampelos/domain';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/back-button.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useDownloadOrderPdf } from '../api/download-order-pdf.ts';
import { OrderBillingInfo, OrderCustomerInfo, OrderInfo } from './order-info-sections.tsx';
import { OrderReports } from './order-reports.tsx';
import { OrderStatusEditor, type StatusChoice } from './order-status-editor.tsx';

interface OrderDetailProps {
  order: OrderView;
  /** Small screens show the detail alone, with a way back to the list. */
  onBack?: () => void;
  /** The status an administrator picked and has not sent yet (see OrderStatusEditor). */
  statusChoice: StatusChoice | null;
  onStatusChoice: (choice: StatusChoice | null) => void;
}

/** The selected order: its info, invoice or billing address, customer, reports, PDF and status. */
export function OrderDetail({ order, onBack, statusChoice, onStatusChoice }: OrderDetailProps) {
  const { t, i18n } = useTranslation();
  const authorization = useAuthorization();
  const pdf = useDownloadOrderPdf();

  return (
    <Stack gap="md" data-testid="order-detail" data-uuid={order.uuid}>
      {onBack && <BackButton onClick={onBack} label={t('orders.back')} testId="order-back" />}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={3} data-testid="order-detail-title">
            {t('orders.orderNumber', { id: order.id })}
          </Title>
          <Text size="sm" c="dimmed">
            {formatCalendarDate(order.createdAt, i18n.language)}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={pdf.isPending}
          onClick={() => pdf.mutate({ uuid: order.uuid, id: order.id })}
          data-testid="order-pdf"
        >
          {t('orders.downloadPdf')}
        </Button>
      </Group>
      {authorization.can('update', 'AdminOrders') && (
        <OrderStatusEditor order={order} choice={statusChoice} onChoice={onStatusChoice} />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <OrderInfo order={order} />
        <Stack gap="md">
          <OrderBillingInfo order={order} />
          <OrderCustomerInfo order={order} />
        </Stack>
      </SimpleGrid>
      <OrderReports reports={order.Reports} />
    </Stack>
  );
}
