import { isOrderStatus, ORDER_STATUS_STYLES } from '@ampelos/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS = { warning: 'yellow', success: 'green' } as const;

/** "Pending Confirmation" in warning style, "Complete" in success style, "Unknown Status" otherwise. */
export function OrderStatusBadge({
  status,
  testId = 'order-status-label',
}: {
  status: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const known = isOrderStatus(status);
  return (
    <Badge
      color={known ? COLORS[ORDER_STATUS_STYLES[status]] : 'gray'}
      variant="light"
      tt="none"
      data-testid={testId}
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {known ? t(`orders.status.${status}`) : t('orders.status.unknown')}
    </Badge>
  );
}
