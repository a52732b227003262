import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a proxy's request id may look like (nginx's $request_id is 32 hex digits; UUIDs fit too). */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request being served in this async context, for log lines written through the app's logger. */
const current = new AsyncLocalStorage<string>();

/**
 * Fastify's `genReqId`: the reverse proxy's `X-Request-Id` when it is well-formed (so one id follows
 * a request through nginx and the API), a fresh UUID otherwise (absent, or crafted to forge log lines).
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/**
 * pino's `mixin`: lines written by services through the app's logger while serving a request get
 * its id too. Lines of the request's own logger already carry it as a binding: not added twice.
 */
export function requestIdMixin(_object: object, _level: number, logger: { bindings(): object }): object {
  const id = current.getStore();
  if (id === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId: id };
}

/** Answers the id in `X-Request-Id` and keeps it in the async context of the request's work. */
export function installRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    current.run(request.id, done);
  });
  // Body parsing runs in stream callbacks outside that context: enter it again for the handler.
  app.addHook('preValidation', (request, _reply, done) => current.run(request.id, done));
  app.addHook('preHandler', (request, _reply, done) => current.run(request.id, done));
}
