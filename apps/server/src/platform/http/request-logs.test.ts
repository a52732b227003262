import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/http.ts';
import { createTestApp, linkIn, type TestApp } from '../../test/test-app.ts';
import { emails } from '../db/schema.ts';
import { installRequestId, requestIdMixin, requestIdOf } from './request-id.ts';

async function lastLinkTo(ctx: TestApp, email: string): Promise<string> {
  const [row] = await ctx.database.db
    .select()
    .from(emails)
    .where(eq(emails.toAddress, email))
    .orderBy(desc(emails.id))
    .limit(1);
  return linkIn(row?.textBody ?? '');
}

describe('request logs', () => {
  const lines: string[] = [];
  let ctx: TestApp;
  beforeAll(async () => {
    // The API alone, so every line after start-up belongs to a request (no job runs here).
    ctx = await createTestApp({
      env: { PROCESS_ROLE: 'api', LOG_LEVEL: 'debug' },
      logOutput: { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) },
    });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('carry the request id on every line and no password, token or cookie', async () => {
    const startedAt = lines.length;
    const http = client(ctx.app);
    const email = `logs${Date.now()}@example.com`;
    const password = 'Moschofilero-91x';
    const newPassword = 'Malagousia-62y';
    const ids: string[] = [];
    const track = <T extends { headers: Record<string, unknown> }>(response: T) => {
      ids.push(String(response.headers['x-request-id']));
      return response;
    };

    const created = track(
      await http.post('/api/user/create', {
        firstName: 'Eleni',
        lastName: 'Vlachou',
        email,
        password,
        role: 'b2c_admin',
        recaptchaResponse: '',
        acceptPrivacyPolicy: true,
        acceptTermsOfService: true,
      }),
    );
    expect(created.statusCode).toBe(201);
    const verifyToken = (await lastLinkTo(ctx, email)).split('/').pop() as string;
    expect(track(await http.post('/api/user/verify_email', { token: verifyToken })).statusCode).toBe(200);
    const login = track(await http.post('/api/user/login', { email, password }));
    expect(login.statusCode).toBe(200);
    const cookie = http.cookie as string;
    expect(track(await http.get('/api/user')).statusCode).toBe(200);

    // The proxy's id is kept when well-formed; a crafted one is replaced.
    const fromProxy = 'a3f5c0de9b7e4d2c8f1a6b3c5d7e9f01';
    const reset = track(
      await http.post('/api/user/password_reset', { email }, { headers: { 'x-request-id': fromProxy } }),
    );
    expect(reset.headers['x-request-id']).toBe(fromProxy);
    const resetToken = (await lastLinkTo(ctx, email)).split('/').pop() as string;
    const forged = 'x"}\n{"msg":"forged';
    const changed = track(
      await http.post(
        `/api/user/password_reset/${resetToken}`,
        { password: newPassword },
        { headers: { 'x-request-id': forged } },
      ),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['x-request-id']).not.toBe(forged);
    expect(changed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const written = lines.slice(startedAt);
    expect(written.length).toBeGreaterThanOrEqual(2 * ids.length);
    for (const line of written) {
      const entry = JSON.parse(line) as { reqId?: string };
      expect(ids, line).toContain(entry.reqId);
      for (const secret of [password, newPassword, verifyToken, resetToken, cookie.split('=')[1] as string])
        expect(line).not.toContain(secret);
    }
    // Each request's start and end are there, under its id.
    for (const id of ids) {
      const own = written.filter((line) => line.includes(`"reqId":"${id}"`));
      expect(own.length, id).toBeGreaterThanOrEqual(2);
    }
    expect(written.some((line) => line.includes('/api/user/password_reset/[redacted]'))).toBe(true);
  });
});

describe('lines written by services while serving a request', () => {
  it('carry the request id once, also after the body was parsed', async () => {
    const out: string[] = [];
    const app = Fastify({
      logger: { level: 'info', mixin: requestIdMixin, stream: { write: (line: string) => out.push(line) } },
      genReqId: requestIdOf,
      requestIdHeader: false,
    });
    installRequestId(app);
    // A service holds the app's logger, not the request's.
    const service = { work: async () => app.log.info('service at work') };
    app.post('/work', async () => {
      // An asynchronous hop, as a service's I/O would make.
      await new Promise((resolve) => setImmediate(resolve));
      await service.work();
      return { ok: true };
    });
    const response = await app.inject({ method: 'POST', url: '/work', payload: { a: 1 } });
    const id = response.headers['x-request-id'];
    const serviceLine = out.find((line) => line.includes('service at work')) as string;
    expect(JSON.parse(serviceLine).reqId).toBe(id);
    // Outside a request, nothing is added.
    app.log.info('idle');
    expect(JSON.parse(out.at(-1) as string).reqId).toBeUndefined();
    // The request's own lines have it once (a duplicate key would show twice in the text).
    const completed = out.find((line) => line.includes('request completed')) as string;
    expect(completed.split('"reqId"').length).toBe(2);
    await app.close();
  });
});
