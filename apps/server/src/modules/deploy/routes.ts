import { deployStatusViewSchema } from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../platform/http/answers.ts';
import { requireAuth } from '../auth/sessions.ts';
import type { DeployService } from './service.ts';

const tags = ['deploy'];

export const deployRoutes: FastifyPluginAsyncZod<{ deploy: DeployService }> = async (app, { deploy }) => {
  app.get(
    '/deploy',
    {
      config: { policy: 'deploy.run' },
      schema: {
        tags,
        summary: 'Whether a deploy is configured or running (administrators)',
        response: { 200: deployStatusViewSchema },
      },
    },
    async (request) => deploy.status(requireAuth(request)),
  );

  app.get(
    '/deploy/production',
    {
      schema: {
        tags,
        summary: 'Run the configured deploy and stream its output as text (administrators)',
        response: { 200: fileAnswer('The deploy output as it runs', 'text/plain') },
      },
      // It changes the world on GET (spec section 7): the CSRF header is required as for any write.
      config: { policy: 'deploy.run', csrf: true },
    },
    async (request, reply) => {
      const output = deploy.start(requireAuth(request));
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(output);
    },
  );
};
