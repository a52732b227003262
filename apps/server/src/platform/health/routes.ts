import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.ts';

/**
 * `GET /health` (liveness: the process answers; registered after migrations ran) and `GET /ready`
 * (readiness: database, storage and job queue answer, and the process is not draining for shutdown;
 * 503 names what failed). Under /api, in every process role (a worker serves them on METRICS_PORT).
 */
export async function healthRoutes(app: FastifyInstance, options: { readiness: Readiness }) {
  app.get('/health', { schema: { tags: ['system'], summary: 'Liveness' }, logLevel: 'warn' }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/ready',
    { schema: { tags: ['system'], summary: 'Readiness: database, storage and job queue' }, logLevel: 'warn' },
    async (_request, reply) => {
      const report = await options.readiness.check();
      return reply
        .status(report.ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({ status: report.ready ? 'ok' : 'unavailable', ...report });
    },
  );
}
