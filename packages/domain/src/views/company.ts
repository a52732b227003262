import type { InvoiceDetails } from '../validation/company.ts';

/** A company as it leaves the server (spec section 3). */
export interface CompanyView {
  id: number;
  uuid: string;
  /** The firm title. */
  title: string;
  vatId: string | null;
  activity: string | null;
  email: string | null;
  telephone: string | null;
  city: string | null;
  address: string | null;
  zipCode: string | null;
  taxAuthority: string | null;
  state: string | null;
  country: string | null;
  /** Company avatar renditions (URLs), or null when none is set. */
  avatar: { xs: string; md: string } | null;
  /** Null until the invoice details form has been saved once. */
  invoiceDetails: InvoiceDetails | null;
  createdAt: string;
}

/** `GET /company`: the caller's company, or null (b2c accounts, or b2b before the first invoice save). */
export interface CompanyAnswer {
  data: CompanyView | null;
}
