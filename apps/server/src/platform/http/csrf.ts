import { HTTP_MESSAGES } from '@ampelos/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-requested-with';

/**
 * A cross-site form cannot set a custom header and a cross-site fetch that does is stopped by CORS,
 * so a state-changing request must carry `X-Requested-With` or a same-origin `Origin`.
 * Routes that change state on GET (spec: `/user/logout`) opt in with `config.csrf: true`.
 */
export function installCsrfGuard(app: FastifyInstance, publicUrl: string) {
  const allowed = new Set([new URL(publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    const csrf = (request.routeOptions.config as { csrf?: boolean } | undefined)?.csrf;
    // `csrf: false` only for endpoints a mail client calls (RFC 8058 one-click unsubscribe).
    if (csrf === false || (SAFE_METHODS.has(request.method) && csrf !== true)) return;
    if (!request.url.startsWith('/api/')) return;
    if (!passesCsrf(request, allowed)) {
      throw new AppError(403, HTTP_MESSAGES.csrfBlocked);
    }
  });
}

function passesCsrf(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin) {
    const host = request.headers.host;
    // The app may be reached by another name than PUBLIC_URL (e.g. 127.0.0.1): same host is same origin.
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    return allowed.has(origin) || sameHost;
  }
  return request.headers[CSRF_HEADER] !== undefined;
}
