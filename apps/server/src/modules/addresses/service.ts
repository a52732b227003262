import type { addressSchema } from '@ampelos/domain';
import type { z } from 'zod';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { AddressRepository, AddressValues } from './repository.ts';

type AddressInput = z.output<typeof addressSchema>;

const NOT_FOUND = 'Address not found';

function toValues(input: AddressInput): AddressValues {
  return {
    city: input.city,
    country: input.country,
    state: input.state,
    zipPostcode: input.zip_postcode,
    line1: input.line_1,
    line2: input.line_2,
    line3: input.line_3,
    isBilling: input.isBilling,
    isShipping: input.isShipping,
  };
}

/** Every user keeps an address book of their own; ownership is part of each query. */
export function createAddressService(deps: { addresses: AddressRepository }) {
  return {
    list: (auth: AuthContext) => deps.addresses.listOfUser(auth.user.id),
    create: (auth: AuthContext, input: AddressInput) => deps.addresses.insert(auth.user.id, toValues(input)),
    async update(auth: AuthContext, id: number, input: AddressInput) {
      const row = await deps.addresses.updateOwned(auth.user.id, id, toValues(input));
      if (!row) throw notFound(NOT_FOUND);
      return row;
    },
    async remove(auth: AuthContext, id: number) {
      if (!(await deps.addresses.deleteOwned(auth.user.id, id))) throw notFound(NOT_FOUND);
    },
  };
}
export type AddressService = ReturnType<typeof createAddressService>;
