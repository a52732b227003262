import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { createAddressRepository } from './repository.ts';
import { addressRoutes } from './routes.ts';
import { createAddressService } from './service.ts';

/** The caller's address book. */
export function createAddressesModule(deps: { db: Db }) {
  const addresses = createAddressService({ addresses: createAddressRepository(deps.db) });
  return {
    async routes(api: FastifyInstance) {
      await api.register(addressRoutes, { addresses });
    },
  };
}
