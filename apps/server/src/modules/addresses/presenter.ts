import type { AddressView } from '@ampelos/domain';
import type { AddressRow } from './repository.ts';

export function presentAddress(row: AddressRow): AddressView {
  return {
    id: row.id,
    city: row.city,
    country: row.country,
    state: row.state,
    zip_postcode: row.zipPostcode,
    line_1: row.line1,
    line_2: row.line2,
    line_3: row.line3,
    isBilling: row.isBilling,
    isShipping: row.isShipping,
  };
}
