import { HTTP_MESSAGES, RESULTS_MESSAGES, type Role } from '@ampelos/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors.ts';
import { installRoutePolicies } from './route-policy.ts';

/** A bare app whose caller's role is the `x-role` header (none: anonymous). */
function guardedApp() {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  installRoutePolicies(app, {
    guarded: (url) => url.startsWith('/api'),
    implicitPolicy: (url) => (url.startsWith('/api/docs') ? 'public' : undefined),
    roleOf: (request) => (request.headers['x-role'] as Role | undefined) ?? null,
  });
  return app;
}

const firstError = (body: string) => (JSON.parse(body) as { errors: { msg: string }[] }).errors[0]?.msg;

describe('route policies', () => {
  it('refuse to register an API route that declares no policy', () => {
    const app = guardedApp();
    expect(() => app.get('/api/new-route', async () => ({}))).toThrow(
      'declare a policy for GET /api/new-route (config: { policy })',
    );
    // Outside the API (the web app's files, metrics) and the docs pages' implicit policy: no policy asked.
    expect(() => app.get('/metrics', async () => ({}))).not.toThrow();
    expect(() => app.get('/api/docs/page', async () => ({}))).not.toThrow();
  });

  it('answer 401 to anonymous callers and 403 to refused roles before the handler runs', async () => {
    const app = guardedApp();
    let handled = 0;
    const handler = async () => {
      handled += 1;
      return { ok: true };
    };
    app.get('/api/admin', { config: { policy: 'admin.tools' } }, handler);
    app.get('/api/export', { config: { policy: 'report.exportAnnotations' } }, handler);
    app.get('/api/open', { config: { policy: 'public' } }, handler);
    await app.ready();

    const anonymous = await app.inject('/api/admin');
    expect([anonymous.statusCode, firstError(anonymous.body)]).toEqual([401, HTTP_MESSAGES.signIn]);
    const customer = await app.inject({ url: '/api/admin', headers: { 'x-role': 'b2c_admin' } });
    expect([customer.statusCode, firstError(customer.body)]).toEqual([403, HTTP_MESSAGES.noPermission]);
    // A policy that names its refusal answers with it.
    const marketing = await app.inject({ url: '/api/export', headers: { 'x-role': 'financial_admin' } });
    expect([marketing.statusCode, firstError(marketing.body)]).toEqual([403, RESULTS_MESSAGES.mayNotExport]);
    expect(handled).toBe(0);

    expect((await app.inject({ url: '/api/admin', headers: { 'x-role': 'admin' } })).statusCode).toBe(200);
    expect((await app.inject('/api/open')).statusCode).toBe(200);
    expect(handled).toBe(2);
    await app.close();
  });
});
