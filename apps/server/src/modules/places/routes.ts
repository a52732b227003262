import { placeSearchQuerySchema, placeSearchViewSchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlaceSearch } from '../../platform/geo/place-search.ts';
import { requireAuth } from '../auth/sessions.ts';

const tags = ['places'];

/** The field-drawing map's place search: offline, from the bundled region and town names. */
export const placeRoutes: FastifyPluginAsyncZod<{ places: PlaceSearch }> = async (app, { places }) => {
  app.get(
    '/places',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Regions and towns whose name matches q (any accents, Greek or Latin letters), best first',
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchViewSchema },
      },
    },
    async (request, reply) => {
      requireAuth(request);
      // The same question always has the same answer (the data ships with the server).
      reply.header('Cache-Control', 'private, max-age=3600');
      return { data: await places.search(request.query.q, request.query.limit) };
    },
  );
};
