import { AGRO_MESSAGES, agroIndexChangeQuerySchema, agroIndexImageQuerySchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/http/errors.ts';
import { requireAuth } from '../auth/sessions.ts';
import type { IndexImage, IndexImageService } from './index-image-service.ts';

const tags = ['agro'];

/** The PNG, its bounds and the mean change in headers; 404 when there is no image (the map shows none). */
function send(image: IndexImage | null, reply: import('fastify').FastifyReply) {
  if (!image) throw notFound(AGRO_MESSAGES.indexImageNotAvailable);
  reply.header('Content-Type', 'image/png');
  reply.header('Cache-Control', 'private, max-age=86400');
  reply.header('X-Image-Bbox', image.bbox.join(','));
  if (image.meanChange !== undefined && image.meanChange !== null)
    reply.header('X-Mean-Change', String(image.meanChange));
  return reply.send(image.png);
}

export const indexImageRoutes: FastifyPluginAsyncZod<{ images: IndexImageService }> = async (
  app,
  { images },
) => {
  app.get(
    '/agro/index-image',
    {
      schema: {
        tags,
        summary: "A field's satellite index (NDVI, EVI2, NDWI) on one date, as a PNG over its bounding box",
        querystring: agroIndexImageQuerySchema,
      },
    },
    async (request, reply) => send(await images.indexImage(requireAuth(request), request.query), reply),
  );

  app.get(
    '/agro/index-change',
    {
      schema: {
        tags,
        summary: "The change of a field's satellite index between two dates, as a PNG (diverging scale)",
        querystring: agroIndexChangeQuerySchema,
      },
    },
    async (request, reply) => send(await images.changeImage(requireAuth(request), request.query), reply),
  );
};
