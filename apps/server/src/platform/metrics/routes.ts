import { timingSafeEqual } from 'node:crypto';
import { HTTP_MESSAGES } from '@ampelos/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import type { Metrics } from './metrics.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read /metrics: with `METRICS_TOKEN` set, whoever sends it as a bearer token; without it, only
 * a scraper on this machine talking to the process directly (loopback peer, no proxy header: a request
 * that came through the local nginx carries X-Forwarded-For and is refused). Never the public.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | null): boolean {
  if (token) {
    const sent = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }
  const peer = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && !PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
}

/** Measures every request (by route pattern) and serves `GET /metrics` in the Prometheus text format. */
export function installMetrics(app: FastifyInstance, options: { metrics: Metrics; token: string | null }) {
  app.addHook('onResponse', async (request, reply) => {
    options.metrics.requestFinished(
      request.method,
      request.routeOptions.url ?? '(unmatched)',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(request, options.token)) {
      throw new AppError(403, HTTP_MESSAGES.metricsLocalOnly);
    }
    const { contentType, body } = await options.metrics.render();
    return reply.type(contentType).header('Cache-Control', 'no-store').send(body);
  });
}
