import { agroFieldQuerySchema, dataAnswer, viticultureViewSchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/sessions.ts';
import type { ViticultureService } from './viticulture-service.ts';

/** `{ data: null }` is "Information not available", as for every agro card. */
export const viticultureRoutes: FastifyPluginAsyncZod<{ viticulture: ViticultureService }> = async (
  app,
  { viticulture },
) => {
  app.get(
    '/agro/viticulture',
    {
      config: { policy: 'field.view' },
      schema: {
        tags: ['agro'],
        summary:
          "A field's growing degree days, Winkler index and region, and downy mildew 3-10 rule for the season",
        querystring: agroFieldQuerySchema,
        response: { 200: dataAnswer(viticultureViewSchema.nullable()) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, max-age=900');
      return { data: await viticulture.viticulture(requireAuth(request), request.query) };
    },
  );
};
