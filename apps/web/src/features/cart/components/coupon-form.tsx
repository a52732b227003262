import { MESSAGES } from '@ampelos/domain';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { type CheckedCoupon, useCheckCoupon } from '../api/check-coupon.ts';

interface CouponFormProps {
  applied: CheckedCoupon | null;
  onApplied: (coupon: CheckedCoupon | null) => void;
}

/** Coupon code with Apply; the server's refusal is shown as a danger alert (spec section 8). */
export function CouponForm({ applied, onApplied }: CouponFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const check = useCheckCoupon();

  const apply = () => {
    setErrors([]);
    if (!code.trim()) {
      setErrors([translateMessage(MESSAGES.couponCodeRequired)]);
      return;
    }
    check.mutate(code, {
      onSuccess: (coupon) => {
        onApplied(coupon);
        setCode('');
      },
      onError: (error) => {
        // Other failures (network, 5xx) already raised the app's alert.
        if (error instanceof ApiError && (error.status === 400 || error.status === 404))
          setErrors(error.messages);
      },
    });
  };

  if (applied) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="cart-coupon-applied">
        <Group gap="xs" wrap="nowrap">
          <IconTicket size={18} style={{ flexShrink: 0 }} />
          <Text size="sm">
            {t('cart.couponApplied', { code: applied.code, percent: applied.discountPercent })}
          </Text>
        </Group>
        <Button
          variant="subtle"
          size="xs"
          style={{ flexShrink: 0 }}
          onClick={() => onApplied(null)}
          data-testid="cart-coupon-remove"
        >
          {t('cart.couponRemove')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('cart.coupon')}
            placeholder={t('cart.couponPlaceholder')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            data-testid="cart-coupon-input"
          />
          <Button type="submit" variant="light" loading={check.isPending} data-testid="cart-coupon-apply">
            {t('cart.couponApply')}
          </Button>
        </Group>
      </form>
      {errors.map((message) => (
        <Alert key={message} color="red" variant="light" role="alert" data-testid="cart-coupon-error">
          {message}
        </Alert>
      ))}
    </Stack>
  );
}
