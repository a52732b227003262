import { addressSchema, deleteAddressSchema, updateAddressSchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/sessions.ts';
import { presentAddress } from './presenter.ts';
import type { AddressService } from './service.ts';

const tags = ['address book'];

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  app.get('/user/address', { schema: { tags, summary: 'My addresses, newest first' } }, async (request) => {
    const rows = await addresses.list(requireAuth(request));
    return { Addresses: rows.map(presentAddress) };
  });

  app.post(
    '/user/address',
    { schema: { tags, summary: 'Add an address', body: addressSchema } },
    async (request, reply) => {
      const row = await addresses.create(requireAuth(request), request.body);
      return reply.status(201).send({ address: presentAddress(row), msg: 'New Address successfully added.' });
    },
  );

  app.post(
    '/user/update/address',
    { schema: { tags, summary: 'Update an address', body: updateAddressSchema } },
    async (request, reply) => {
      const { prevAddressId, ...address } = request.body;
      const row = await addresses.update(requireAuth(request), prevAddressId, address);
      return reply.status(201).send({ address: presentAddress(row), msg: 'Address successfully updated.' });
    },
  );

  app.put(
    '/user/delete/address',
    { schema: { tags, summary: 'Delete an address', body: deleteAddressSchema } },
    async (request) => {
      await addresses.remove(requireAuth(request), request.body.prevAddressId);
      return { msg: 'Address successfully deleted.' };
    },
  );
};
