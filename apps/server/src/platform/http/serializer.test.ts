import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createResponseSerializer } from './serializer.ts';

const answer = z.strictObject({ id: z.number(), name: z.string(), tags: z.array(z.string()) });

async function appWith(checkUndeclared: boolean, body: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(createResponseSerializer({ checkUndeclared }));
  app.get('/thing', { schema: { response: { 200: answer } } }, async () => body);
  await app.ready();
  return app;
}

describe('response serialisation from zod schemas', () => {
  it('fails an answer with a field its schema does not declare (development and tests)', async () => {
    const app = await appWith(true, { id: 1, name: 'a', tags: [], passwordHash: 'secret-hash-value' });
    const response = await app.inject('/thing');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret-hash-value');
    await app.close();
  });

  it('in production writes only the declared fields, and the declared ones exactly', async () => {
    const app = await appWith(false, { id: 1, name: 'a "quoted" name', tags: ['x'], passwordHash: 'x' });
    const response = await app.inject('/thing');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'a "quoted" name', tags: ['x'] });
    await app.close();
  });
});

describe('routes with response schemas', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the hot routes declare their answers, and OpenAPI shows them', async () => {
    const declared = new Set(ctx.routes.filter((r) => r.responseSchema).map((r) => `${r.method} ${r.url}`));
    for (const route of [
      'GET /api/user',
      'GET /api/fields',
      'POST /api/user/login',
      'GET /api/user/logout',
      'POST /api/user/create',
      'POST /api/user/verify_email',
      'POST /api/user/password_reset',
      'POST /api/user/password_reset/:token',
    ])
      expect(declared, route).toContain(route);
    const openapi = (await ctx.app.inject('/api/openapi.json')).json();
    const user = openapi.paths['/api/user'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(user.properties)).toContain('permissions');
    expect(Object.keys(user.properties)).not.toContain('passwordHash');
    const api = ctx.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    console.info(
      `response schemas: ${api.filter((r) => r.responseSchema).length} of ${api.length} API routes`,
    );
  });

  it('answers the hot routes within their schemas (an undeclared field would fail here)', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    expect((await customer.http.get('/api/user')).statusCode).toBe(200);
    expect((await customer.http.get('/api/fields')).statusCode).toBe(200);
    const cart = await customer.http.get('/api/fields?type=cart');
    expect(cart.statusCode).toBe(200);
    // The union's more specific option writes the cart (its keys include the list's).
    expect(Object.keys(cart.json()).sort()).toEqual(
      ['cartItems', 'data', 'hasE2e', 'shootData', 'totalHectares', 'totals'].sort(),
    );
    expect((await customer.http.get('/api/user/logout')).statusCode).toBe(200);
  });
});
