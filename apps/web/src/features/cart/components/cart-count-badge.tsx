import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCart } from '../api/get-cart.ts';

/** The side menu's Cart count: the number of cart groups (field + service). Hidden when empty. */
export function CartCountBadge() {
  const { t } = useTranslation();
  const cart = useCart();
  const count = cart.data?.cartItems.length ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      circle={count < 10}
      variant="filled"
      aria-label={t('cart.badge', { count })}
      data-testid="cart-badge"
    >
      {count}
    </Badge>
  );
}
