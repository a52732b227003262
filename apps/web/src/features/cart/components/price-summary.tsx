import { type PriceBreakdown, roundTo, VAT_RATE } from '@ampelos/domain';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';

interface PriceSummaryProps {
  totals: PriceBreakdown;
  /** The applied coupon, if any (its discount is a percent of the discounted price). */
  coupon: { code: string; discountPercent: number } | null;
}

/** A reduction shown with its minus sign; never "-€0.00". */
const minus = (amount: number) => (amount > 0 ? -amount : 0);

function Line({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Original price, volume discount, coupon, final price; VAT apart (displayed prices exclude it). */
export function PriceSummary({ totals, coupon }: PriceSummaryProps) {
  const { t } = useTranslation();
  const vatPercent = Math.round(VAT_RATE * 100);
  return (
    <Paper withBorder p="md" data-testid="cart-price-summary">
      <Stack gap={6}>
        <Line
          label={t('cart.originalPrice')}
          value={formatPrice(totals.originalPrice)}
          testId="cart-original-price"
        />
        <Line
          label={t('cart.volumeDiscount', { percent: totals.discountPercent.toFixed(2) })}
          value={formatPrice(minus(totals.savings))}
          testId="cart-volume-discount"
        />
        {coupon && (
          <Line
            label={t('cart.couponDiscount', { code: coupon.code, percent: coupon.discountPercent })}
            value={formatPrice(minus(totals.couponDiscount))}
            testId="cart-coupon-discount"
          />
        )}
        <Divider my={4} />
        <Line
          label={t('cart.finalPrice')}
          value={formatPrice(totals.finalPrice)}
          testId="cart-final-price"
          strong
        />
        <Line
          label={t('cart.vat', { percent: vatPercent })}
          value={formatPrice(totals.vat)}
          testId="cart-vat"
        />
        <Line
          label={t('cart.totalWithVat')}
          value={formatPrice(roundTo(totals.finalPrice + totals.vat, 2))}
          testId="cart-total-with-vat"
        />
        <Text size="xs" c="dimmed">
          {t('cart.vatExcluded')}
        </Text>
      </Stack>
    </Paper>
  );
}
