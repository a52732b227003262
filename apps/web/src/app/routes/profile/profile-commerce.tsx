import { useTranslation } from 'react-i18next';
import { CompanyProfile } from '../../../features/company/components/company-profile.tsx';
import { OrdersScreen } from '../../../features/orders/components/orders-screen.tsx';

/** `/profile/company` (UserCompany:read, checked by the router's RequirePermission). */
export function ProfileCompanyRoute() {
  return <CompanyProfile />;
}

/** `/profile/orders` (UserOrders:read): the caller's own orders, same screen as `/orders`. */
export function ProfileOrdersRoute() {
  const { t } = useTranslation();
  return <OrdersScreen title={t('profile.orders')} />;
}
