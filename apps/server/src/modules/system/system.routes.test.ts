import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { BANK_IBAN: 'GR16 0110 1250 0000 0001 2300 695', SALES_EMAIL: 'sales@example.com' },
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('platform', () => {
  it('reports health once migrations ran', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes the configured bank details for the payment-methods page', async () => {
    const response = await ctx.app.inject({ url: '/api/config/public' });
    expect(response.json().paymentMethods).toMatchObject({
      iban: 'GR16 0110 1250 0000 0001 2300 695',
      salesEmail: 'sales@example.com',
    });
  });

  it('publishes the API as OpenAPI with the spec paths', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/user/create', '/api/user/login', '/api/user/address']),
    );
  });

  it('sends security headers with a same-origin content policy', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed JSON, unknown routes and oversized bodies with a clear 4xx', async () => {
    const http = client(ctx.app);
    const malformed = await http.post('/api/user/login', '{"email":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].msg).toBe('The request body is not valid JSON');

    const huge = await http.post('/api/user/login', {
      email: 'a@example.com',
      password: 'x'.repeat(300_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors[0].msg).toBe('The request body is too large');

    const unknown = await http.get('/api/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].msg).toMatch(/not found/);
  });

  it('blocks a state-changing request from another origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/password_reset',
      headers: { origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts a same-origin browser request without the custom header', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/password_reset',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(200);
  });
});
