import type { OrderView } from '@ampelos/domain';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../../../lib/format.ts';

/** Step 3: the order is placed and waits for the transfer. */
export function OrderSuccess({ order }: { order: OrderView | null }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="order-success">
      <ThemeIcon size={64} radius="xl" color="green" variant="light">
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Title order={3}>{t('cart.successTitle')}</Title>
      {order && (
        <Text data-testid="order-success-number">
          {t('cart.successText', { number: order.id, price: formatPrice(order.finalPrice) })}
        </Text>
      )}
      <Text c="dimmed" maw={560}>
        {t('cart.successNext')}
      </Text>
      <Group>
        <Button component={Link} to={paths.fields.getHref()} data-testid="order-success-fields">
          {t('cart.backToFields')}
        </Button>
        <Button
          component={Link}
          to={paths.profile.orders.getHref()}
          variant="default"
          data-testid="order-success-orders"
        >
          {t('cart.myOrders')}
        </Button>
      </Group>
    </Stack>
  );
}
