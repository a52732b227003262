import {
  addressSchema,
  addressViewSchema,
  deleteAddressSchema,
  messageAnswerSchema,
  updateAddressSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/sessions.ts';
import { presentAddress } from './presenter.ts';
import type { AddressService } from './service.ts';

const tags = ['address book'];
const addressAnswer = z.strictObject({ address: addressViewSchema, msg: z.string() });

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  app.get(
    '/user/address',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'My addresses, newest first',
        response: { 200: z.strictObject({ Addresses: z.array(addressViewSchema) }) },
      },
    },
    async (request) => {
      const rows = await addresses.list(requireAuth(request));
      return { Addresses: rows.map(presentAddress) };
    },
  );

  app.post(
    '/user/address',
    {
      config: { policy: 'signedIn' },
      schema: { tags, summary: 'Add an address', body: addressSchema, response: { 201: addressAnswer } },
    },
    async (request, reply) => {
      const row = await addresses.create(requireAuth(request), request.body);
      return reply.status(201).send({ address: presentAddress(row), msg: 'New Address successfully added.' });
    },
  );

  app.post(
    '/user/update/address',
    {
      config: { policy: 'personal.edit' },
      schema: {
        tags,
        summary: 'Update an address',
        body: updateAddressSchema,
        response: { 201: addressAnswer },
      },
    },
    async (request, reply) => {
      const { prevAddressId, ...address } = request.body;
      const row = await addresses.update(requireAuth(request), prevAddressId, address);
      return reply.status(201).send({ address: presentAddress(row), msg: 'Address successfully updated.' });
    },
  );

  app.put(
    '/user/delete/address',
    {
      config: { policy: 'personal.edit' },
      schema: {
        tags,
        summary: 'Delete an address',
        body: deleteAddressSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => {
      await addresses.remove(requireAuth(request), request.body.prevAddressId);
      return { msg: 'Address successfully deleted.' };
    },
  );
};
