import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import type { CartRowsProps } from './cart-items-table.tsx';

/** Small screens: one card per cart group, the price always in view. */
export function CartItemCards({ rows, onDelete }: CartRowsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="cart-items">
      {rows.map((row) => (
        <Paper
          key={row.key}
          withBorder
          p="sm"
          data-testid="cart-item"
          data-field-uuid={row.fieldUuid}
          data-service={row.service}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600} data-testid="cart-item-title">
                {row.title}
              </Text>
              <Text
                size="sm"
                fw={500}
                c={row.service === 'e2e' ? 'grape.8' : 'teal.8'}
                data-testid="cart-item-service"
              >
                {t(row.service === 'e2e' ? 'services.e2e' : 'services.manual')}
              </Text>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('common.delete')}
              onClick={() => onDelete(row)}
              data-testid="cart-item-delete"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={3} mt="xs" spacing="xs">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('cart.shoots')}
              </Text>
              <Text size="sm">{row.shoots}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('cart.hectares')}
              </Text>
              <Text size="sm">{row.hectares.toFixed(2)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('cart.duration')}
              </Text>
              <Text size="sm">{t('cart.years', { count: row.durationYears })}</Text>
            </Stack>
          </SimpleGrid>
          <Text ta="right" fw={700} mt="xs" data-testid="cart-item-price">
            {formatPrice(row.price)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
