import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCart } from '../api/get-cart.ts';

/**
 * The header's cart on phones (the side menu, and its count, is folded away there): a link to the
 * cart with the number of cart groups.
 */
export function HeaderCartButton() {
  const { t } = useTranslation();
  const cart = useCart();
  const count = cart.data?.cartItems.length ?? 0;
  const label = count > 0 ? t('cart.badge', { count }) : t('nav.cart');
  return (
    <Indicator
      label={count}
      size={18}
      disabled={count === 0}
      offset={4}
      data-testid="header-cart-count"
      data-count={count}
    >
      <ActionIcon
        component={Link}
        to={paths.cart.getHref()}
        variant="subtle"
        size="lg"
        aria-label={label}
        data-testid="header-cart"
      >
        <IconShoppingCart size={22} />
      </ActionIcon>
    </Indicator>
  );
}
