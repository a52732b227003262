import { agroIndexChangeQuerySchema, agroIndexImageQuerySchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyAnswer, fileAnswer } from '../../platform/http/answers.ts';
import { requireAuth } from '../auth/sessions.ts';
import type { IndexImage, IndexImageService } from './index-image-service.ts';

const tags = ['agro'];
const IMAGE_ANSWERS = {
  200: fileAnswer('The image; X-Image-Bbox and X-Mean-Change in headers', 'image/png'),
  204: emptyAnswer('No image for that date (X-Index-Image: none)'),
};

/**
 * The PNG, its bounds and the mean change in headers. No image for that date is not an error: 204
 * (the viewer shows its empty state; a 404 would put an error in the console on every date without
 * a scene). A field the caller cannot see is still 404, from the service.
 */
function send(image: IndexImage | null, reply: import('fastify').FastifyReply) {
  if (!image) return reply.status(204).header('X-Index-Image', 'none').send();
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
      config: { policy: 'field.view' },
      schema: {
        tags,
        summary: "A field's satellite index (NDVI, EVI2, NDWI) on one date, as a PNG over its bounding box",
        querystring: agroIndexImageQuerySchema,
        response: IMAGE_ANSWERS,
      },
    },
    async (request, reply) => send(await images.indexImage(requireAuth(request), request.query), reply),
  );

  app.get(
    '/agro/index-change',
    {
      config: { policy: 'field.view' },
      schema: {
        tags,
        summary: "The change of a field's satellite index between two dates, as a PNG (diverging scale)",
        querystring: agroIndexChangeQuerySchema,
        response: IMAGE_ANSWERS,
      },
    },
    async (request, reply) => send(await images.changeImage(requireAuth(request), request.query), reply),
  );
};
