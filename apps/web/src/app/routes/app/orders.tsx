import { Button } from '@mantine/core';
import { IconArrowLeft, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CouponsScreen } from '../../../features/coupons/components/coupons-screen.tsx';
import { OrdersScreen } from '../../../features/orders/components/orders-screen.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';

/**
 * `/orders`: every order, for AdminOrders readers. Customers are sent to their own orders
 * (`/profile/orders`), everyone else home. Those who may change orders also get the coupons link.
 */
export function OrdersRoute() {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  if (!authorization.can('read', 'AdminOrders')) {
    const target = authorization.can('read', 'UserOrders')
      ? paths.profile.orders.getHref()
      : paths.home.getHref();
    return <Navigate to={target} replace />;
  }
  const couponsLink = authorization.can('update', 'AdminOrders') ? (
    <Button
      component={Link}
      to={paths.adminCoupons.getHref()}
      variant="light"
      leftSection={<IconTicket size={16} />}
      data-testid="orders-coupons-link"
    >
      {t('coupons.title')}
    </Button>
  ) : undefined;
  return <OrdersScreen title={t('nav.orders')} headerActions={couponsLink} />;
}

/** `/admin/coupons`: the roles the coupons API allows (AdminOrders:update); others go home. */
export function AdminCouponsRoute() {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  if (!authorization.can('update', 'AdminOrders')) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <CouponsScreen
      headerActions={
        <Button
          component={Link}
          to={paths.orders.getHref()}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          data-testid="coupons-back-to-orders"
        >
          {t('coupons.backToOrders')}
        </Button>
      }
    />
  );
}
