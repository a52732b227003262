import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BillingAddressPicker } from '../../../features/addresses/components/billing-address-picker.tsx';
import { BulkReportsButton } from '../../../features/cart/components/bulk-reports-button.tsx';
import { CartCheckout } from '../../../features/cart/components/cart-checkout.tsx';
import { InvoiceDetailsForm } from '../../../features/company/components/invoice-details-form.tsx';
import { useFields } from '../../../features/fields/api/get-fields.ts';
import { useAuthorization } from '../../../lib/authorization.ts';

/** `/cart`: the checkout, with the address picker, invoice form and field list of their own features. */
export function CartRoute() {
  const authorization = useAuthorization();
  const canReadCart = authorization.can('read', 'Cart');
  const fields = useFields();
  if (!canReadCart) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <CartCheckout
      renderBillingAddressPicker={(props) => <BillingAddressPicker {...props} />}
      renderInvoiceDetailsForm={(props) => <InvoiceDetailsForm {...props} />}
      bulkReports={<BulkReportsButton fields={fields.data?.data} />}
    />
  );
}
