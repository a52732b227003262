import type { CompanyView } from '@ampelos/domain';
import type { ReactNode } from 'react';

/** Props the checkout gives the billing address picker (features/addresses, composed by the route). */
export interface BillingAddressPickerSlotProps {
  value: number | null;
  onChange: (addressId: number | null) => void;
}

/** Props the checkout gives the invoice details form (features/company, composed by the route). */
export interface InvoiceDetailsFormSlotProps {
  company: CompanyView | null;
  onSaved?: () => void;
}

/** Parts of the checkout that belong to other features: the route passes them in. */
export interface CheckoutSlots {
  renderBillingAddressPicker: (props: BillingAddressPickerSlotProps) => ReactNode;
  renderInvoiceDetailsForm: (props: InvoiceDetailsFormSlotProps) => ReactNode;
  /** "Add multiple reports" with the caller's fields. */
  bulkReports?: ReactNode;
}
