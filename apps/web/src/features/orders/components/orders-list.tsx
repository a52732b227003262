import type { OrderView } from '@ampelos/domain';
import { Box, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../../../components/list-row.module.css';
import { formatCalendarDate, formatPrice } from '../../../lib/format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

interface OrdersListProps {
  orders: readonly OrderView[];
  activeUuid: string | null;
  onSelect: (uuid: string) => void;
  /** Height of the scrolling list. */
  h: string | number;
}

/** One row per order: customer, final price, number of reports, status label, date. Newest first. */
export function OrdersList({ orders, activeUuid, onSelect, h }: OrdersListProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box h={h} style={{ overflowY: 'auto' }} data-testid="orders-list">
      {orders.map((order) => {
        const active = order.uuid === activeUuid;
        return (
          <UnstyledButton
            key={order.uuid}
            className={classes.row}
            data-active={active || undefined}
            aria-current={active ? 'true' : undefined}
            onClick={() => onSelect(order.uuid)}
            data-testid="order-row"
            data-uuid={order.uuid}
            data-status={order.status}
          >
            <ThemeIcon variant="light" size={40} radius="md" color="grape">
              {order.transactionType === 'invoice' ? (
                <IconFileInvoice size={22} />
              ) : (
                <IconReceipt size={22} />
              )}
            </ThemeIcon>
            <Box style={{ flex: 1, minWidth: 0 }}>
              {/* The whole name, wrapped (a long one used to lose its end at 1440 px). */}
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="order-row-customer">
                {order.user.firstName} {order.user.lastName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {formatCalendarDate(order.createdAt, i18n.language)}
              </Text>
              <Text size="xs" c="dimmed" truncate data-testid="order-row-reports">
                {t('orders.reportsCount', { count: order.numOfReport })}
              </Text>
            </Box>
            {/* Price and status keep their width: the badge is never cut. */}
            <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="order-row-price">
                {formatPrice(order.finalPrice)}
              </Text>
              <OrderStatusBadge status={order.status} />
            </Stack>
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
