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

  it('every API route declares its answers, and OpenAPI shows them', async () => {
    // Fastify adds a HEAD route to every GET (it answers like the GET); the docs UI's own routes are
    // the swagger-ui plugin's (static files), not ours.
    const gets = new Set(ctx.routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const ours = ctx.routes.filter(
      (r) =>
        r.url.startsWith('/api') &&
        !r.url.startsWith('/api/docs') &&
        !(r.method === 'HEAD' && gets.has(r.url)),
    );
    expect(ours.length).toBeGreaterThan(100);
    const undeclared = ours.filter((r) => !r.responseSchema).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes without a response schema').toEqual([]);

    const openapi = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { description?: string; content?: unknown }> }>
      >;
    };
    const shown = Object.entries(openapi.paths).flatMap(([url, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${url}`,
        operation,
      })),
    );
    expect(shown.length).toBeGreaterThan(90);
    // A route without a schema shows Fastify's placeholder: one 200 "Default Response" with no content.
    const placeholders = shown
      .filter(({ operation }) =>
        Object.values(operation.responses).every(
          (response) => response.description === 'Default Response' && response.content === undefined,
        ),
      )
      .map(({ key }) => key);
    expect(placeholders, 'operations OpenAPI shows without an answer').toEqual([]);
    const user = openapi.paths['/api/user']?.get?.responses['200']?.content as {
      'application/json': { schema: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(user['application/json'].schema.properties)).toContain('permissions');
    expect(Object.keys(user['application/json'].schema.properties)).not.toContain('passwordHash');
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
