import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Readiness } from './readiness.ts';

const readinessAnswer = z.strictObject({
  status: z.enum(['ok', 'unavailable']),
  ready: z.boolean(),
  checks: z.strictObject({ database: z.string(), storage: z.string(), queue: z.string() }),
  stopping: z.boolean().optional(),
});

/**
 * `GET /health` (liveness: the process answers; registered after migrations ran) and `GET /ready`
 * (readiness: database, storage and job queue answer, and the process is not draining for shutdown;
 * 503 names what failed). Under /api, in every process role (a worker serves them on METRICS_PORT).
 */
export async function healthRoutes(app: FastifyInstance, options: { readiness: Readiness }) {
  app.get(
    '/health',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness',
        response: { 200: z.strictObject({ status: z.literal('ok') }) },
      },
      logLevel: 'warn',
    },
    async () => ({
      status: 'ok',
    }),
  );
  app.get(
    '/ready',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: database, storage and job queue',
        response: { 200: readinessAnswer, 503: readinessAnswer },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const report = await options.readiness.check();
      return reply
        .status(report.ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({ status: report.ready ? 'ok' : 'unavailable', ...report });
    },
  );
}
