import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatPrice } from '../../../lib/format.ts';
import type { CartRow } from '../cart-rules.ts';

export interface CartRowsProps {
  rows: readonly CartRow[];
  onDelete: (row: CartRow) => void;
}

/** Wide screens: one table row per cart group. */
export function CartItemsTable({ rows, onDelete }: CartRowsProps) {
  const { t } = useTranslation();
  return (
    <ScrollTable minWidth={620} label={t('cart.itemsTitle')}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="cart-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cart.field')}</Table.Th>
            <Table.Th>{t('services.service')}</Table.Th>
            <Table.Th ta="right">{t('cart.shoots')}</Table.Th>
            <Table.Th ta="right">{t('cart.hectares')}</Table.Th>
            <Table.Th ta="right">{t('cart.duration')}</Table.Th>
            <Table.Th ta="right">{t('cart.price')}</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.key}
              data-testid="cart-item"
              data-field-uuid={row.fieldUuid}
              data-service={row.service}
            >
              <Table.Td>
                <Text size="sm" fw={600} data-testid="cart-item-title">
                  {row.title}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  fw={500}
                  c={row.service === 'e2e' ? 'grape.8' : 'teal.8'}
                  data-testid="cart-item-service"
                >
                  {t(row.service === 'e2e' ? 'services.e2e' : 'services.manual')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{row.shoots}</Table.Td>
              <Table.Td ta="right">{row.hectares.toFixed(2)}</Table.Td>
              <Table.Td ta="right">{t('cart.years', { count: row.durationYears })}</Table.Td>
              <Table.Td ta="right" fw={600} data-testid="cart-item-price">
                {formatPrice(row.price)}
              </Table.Td>
              <Table.Td>
                <Tooltip label={t('common.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => onDelete(row)}
                    data-testid="cart-item-delete"
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
