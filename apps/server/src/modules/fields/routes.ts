import {
  cartViewSchema,
  dataAnswer,
  dataMessageAnswer,
  type FieldShootView,
  fieldCreateBodySchema,
  fieldDeleteSchema,
  fieldListQuerySchema,
  fieldListViewSchema,
  fieldUpdateBodySchema,
  fieldViewSchema,
  messageAnswerSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bytesOf, sendCachedAnswer } from '../../platform/http/answer-cache.ts';
import { etagOnSend } from '../../platform/http/etag.ts';
import { readSingleUpload } from '../../platform/http/uploads.ts';
import { type AuthContext, requireAuth } from '../auth/sessions.ts';
import { presentCart } from '../commerce/presenter.ts';
import type { CommerceService } from '../commerce/service.ts';
import type { FieldListCache } from './list-cache.ts';
import { presentField } from './presenter.ts';
import type { FieldService, VisibleField } from './service.ts';

const tags = ['fields'];
/** A ring of 10,000 positions is about 400 kB of JSON. */
const CREATE_BODY_LIMIT = 1024 * 1024;

const present = ({ field, owner, showOwner, reports }: VisibleField) =>
  presentField(field, showOwner ? owner : undefined, reports);

export const fieldRoutes: FastifyPluginAsyncZod<{
  fields: FieldService;
  commerce?: CommerceService;
  /** The photo shoots of the listed fields, as the caller sees them (`shootData`). */
  shootData?: (auth: AuthContext, fieldIds: number[]) => Promise<FieldShootView[]>;
  /** Serialised lists reused while nothing in them changed (without it every request reads them). */
  listCache?: FieldListCache;
}> = async (app, { fields, commerce, shootData, listCache }) => {
  app.get(
    '/fields',
    {
      config: { policy: 'field.list' },
      schema: {
        tags,
        summary: "Fields the caller may see, newest first; with type=cart the caller's cart",
        querystring: fieldListQuerySchema,
        response: { 200: z.union([fieldListViewSchema, cartViewSchema]) },
      },
      // The list is fetched again after every change and on every visit: unchanged, it costs no body.
      // Cached answers carry their tag already; this hook tags the others (a Buffer passes through).
      onSend: etagOnSend,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (request.query.type === 'cart' && commerce) return presentCart(await commerce.cart(auth));
      const read = async () => {
        const rows = await fields.list(auth);
        const shoots = shootData
          ? await shootData(
              auth,
              rows.map((row) => row.field.id),
            )
          : [];
        return { data: rows.map(present), shootData: shoots };
      };
      if (listCache) {
        fields.requireList(auth);
        // Serialised as Fastify would (the route's compiled response schema), once per change.
        const cached = await listCache.answer(auth, async () => bytesOf(reply.serialize(await read())));
        if (cached) return sendCachedAnswer(request, reply, cached);
      }
      return read();
    },
  );

  app.get(
    '/field/:uuid',
    {
      config: { policy: 'field.view' },
      schema: {
        tags,
        summary: 'One field',
        params: z.object({ uuid: z.string().max(100) }),
        response: { 200: dataAnswer(fieldViewSchema) },
      },
    },
    async (request) => {
      const found = await fields.get(requireAuth(request), request.params.uuid);
      return { data: present(found) };
    },
  );

  app.post(
    '/field/avatar/upload',
    {
      config: { policy: 'field.create' },
      schema: {
        tags,
        summary: 'Store the map snapshot of a new field (multipart field avatar, ≤ 2 MB)',
        response: {
          200: z.strictObject({
            file: z.strictObject({
              md: z.strictObject({ Location: z.string() }),
              xs: z.strictObject({ Location: z.string() }),
            }),
          }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { md, xs } = await fields.uploadAvatar(auth, await readSingleUpload(request, 'avatar'));
      return { file: { md: { Location: md }, xs: { Location: xs } } };
    },
  );

  app.post(
    '/field/create',
    {
      config: { policy: 'field.create' },
      bodyLimit: CREATE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a field; the server computes area and location',
        body: fieldCreateBodySchema,
        response: { 201: dataMessageAnswer(fieldViewSchema) },
      },
    },
    async (request, reply) => {
      const created = await fields.create(requireAuth(request), request.body);
      return reply.status(201).send({
        data: present(created),
        msg: 'New Field successfully created. You can now choose a service',
      });
    },
  );

  app.post(
    '/field/update',
    {
      config: { policy: 'field.edit' },
      schema: {
        tags,
        summary: 'Edit a field (not its polygon)',
        body: fieldUpdateBodySchema,
        response: { 201: dataMessageAnswer(fieldViewSchema) },
      },
    },
    async (request, reply) => {
      const { uuid, ...changes } = request.body;
      const updated = await fields.update(requireAuth(request), uuid, changes);
      return reply.status(201).send({ data: present(updated), msg: 'Field successfully updated' });
    },
  );

  app.post(
    '/field/delete',
    {
      config: { policy: 'field.delete' },
      schema: {
        tags,
        summary: 'Delete a field',
        body: fieldDeleteSchema,
        response: { 201: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await fields.remove(requireAuth(request), request.body.uuid);
      return reply.status(201).send({ msg: 'Field successfully deleted' });
    },
  );
};
