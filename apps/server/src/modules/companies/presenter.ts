import type { CompanyView } from '@ampelos/domain';
import type { CompanyRow } from './repository.ts';

/** `url` turns a storage key into the address the browser fetches. */
export function presentCompany(row: CompanyRow, url: (key: string) => string): CompanyView {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    vatId: row.vatId,
    activity: row.activity,
    email: row.email,
    telephone: row.telephone,
    city: row.city,
    address: row.address,
    zipCode: row.zipCode,
    taxAuthority: row.taxAuthority,
    state: row.state,
    country: row.country,
    avatar: row.avatarXs && row.avatarMd ? { xs: url(row.avatarXs), md: url(row.avatarMd) } : null,
    invoiceDetails: row.invoiceDetails ? { ...row.invoiceDetails } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
