import type { CartView } from '@ampelos/domain';
import { E2E_MIN_TOTAL_HECTARES } from '@ampelos/domain';
import { Alert, Button, EmptyState, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShoppingCart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckedCoupon } from '../api/check-coupon.ts';
import { cartRows, displayedTotals, e2eMinimum } from '../cart-rules.ts';
import { CartItems } from './cart-items.tsx';
import { CouponForm } from './coupon-form.tsx';
import { PriceSummary } from './price-summary.tsx';

interface CartStepProps {
  cart: CartView;
  coupon: CheckedCoupon | null;
  onCoupon: (coupon: CheckedCoupon | null) => void;
  onProceed: () => void;
  /** "Add multiple reports" (the route gives it the caller's fields). */
  bulkReports?: ReactNode;
}

/** Step 0: the cart groups, the coupon and the price summary; Proceed unless the E2E minimum blocks. */
export function CartStep({ cart, coupon, onCoupon, onProceed, bulkReports }: CartStepProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => cartRows(cart, new Date()), [cart]);
  const totals = displayedTotals(cart.totals, coupon);
  const minimum = e2eMinimum(cart, coupon);
  const empty = rows.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('cart.itemsTitle')}</Title>
        {bulkReports}
      </Group>
      {empty ? (
        <EmptyState
          data-testid="cart-empty"
          title={t('cart.empty')}
          icon={<IconShoppingCart size={36} stroke={1.5} />}
          variant="light"
          color="grape"
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <CartItems rows={rows} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Paper withBorder p="md">
                <CouponForm applied={coupon} onApplied={onCoupon} />
              </Paper>
              <PriceSummary totals={totals} coupon={coupon} />
              {minimum.blocked && (
                <Alert
                  color="orange"
                  icon={<IconAlertTriangle size={18} />}
                  role="alert"
                  data-testid="cart-e2e-minimum"
                >
                  <Text size="sm">{t('cart.e2eMinimum', { min: E2E_MIN_TOTAL_HECTARES })}</Text>
                  <Text size="sm" fw={700} mt={4} data-testid="cart-e2e-remaining">
                    {t('cart.e2eRemaining', {
                      remaining: minimum.remaining.toFixed(2),
                      total: cart.totalHectares.toFixed(2),
                    })}
                  </Text>
                </Alert>
              )}
              <Button
                size="md"
                fullWidth
                onClick={onProceed}
                disabled={minimum.blocked}
                data-testid="cart-proceed"
              >
                {t('cart.proceed')}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
