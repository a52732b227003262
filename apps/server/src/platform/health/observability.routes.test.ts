import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithReport } from '../../modules/datasets/test-support.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mayReadMetrics } from '../metrics/routes.ts';

let ctx: TestApp;
beforeAll(async () => {
  // The API alone: jobs stay queued, so the queue depth is visible.
  ctx = await createTestApp({ env: { PROCESS_ROLE: 'api' } });
});
afterAll(async () => {
  await ctx?.close();
});

/** One sample's value from the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('health and readiness', () => {
  it('answers liveness and readiness with every dependency checked', async () => {
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      ready: true,
      checks: { database: 'ok', storage: 'ok', queue: 'ok' },
    });
  });

  it('answers 503 naming the storage when files cannot be written, and recovers', async () => {
    const filesDir = path.join(ctx.config.dataDir, 'files');
    await rm(filesDir, { recursive: true, force: true });
    // A plain file where the files directory should be: every write under it fails (even as root).
    await writeFile(filesDir, 'not a directory');
    try {
      const broken = await ctx.app.inject({ url: '/api/ready' });
      expect(broken.statusCode).toBe(503);
      const body = broken.json();
      expect(body.status).toBe('unavailable');
      expect(body.checks.database).toBe('ok');
      expect(body.checks.queue).toBe('ok');
      expect(body.checks.storage).not.toBe('ok');
    } finally {
      await rm(filesDir, { force: true });
      await mkdir(filesDir, { recursive: true });
    }
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('labels request durations by route pattern and status class, never by the raw URL', async () => {
    const http = client(ctx.app);
    const missing = await http.get('/api/reports/00000000-0000-4000-8000-000000000123/data');
    expect(missing.statusCode).toBe(401);
    const metrics = await ctx.app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(
      sample(metrics.body, 'ampelos_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/reports/:uuid/data',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(metrics.body).not.toContain('000000000123');
    expect(sample(metrics.body, 'ampelos_errors_total', { kind: 'job_failed' })).toBe(0);
  });

  it('counts queued jobs per queue and the bytes received by tus uploads', async () => {
    const customer = await customerWithReport(ctx);
    const reset = await client(ctx.app).post('/api/user/password_reset', { email: customer.user.email });
    expect(reset.statusCode).toBe(200);
    const body = Buffer.alloc(50_000, 7);
    await customer.tus.upload(customer.report.uuid, 'notes.bin', body);

    const text = (await ctx.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'ampelos_upload_bytes_received_total', {})).toBe(body.length);
    // The reset e-mail waits in its queue: no worker runs in this app.
    expect(sample(text, 'ampelos_job_queue_depth', { queue: 'mail.send', state: 'created' })).toBeGreaterThan(
      0,
    );
  });

  it('refuses requests that came through a proxy or from elsewhere, and a wrong token', async () => {
    const proxied = await ctx.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const remote = await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);

    const token = 'a-long-enough-metrics-token';
    const from = (address: string, authorization?: string) =>
      ({
        raw: { socket: { remoteAddress: address } },
        headers: authorization ? { authorization } : {},
      }) as unknown as FastifyRequest;
    expect(mayReadMetrics(from('203.0.113.9', `Bearer ${token}`), token)).toBe(true);
    expect(mayReadMetrics(from('127.0.0.1', 'Bearer wrong-token-of-other-length'), token)).toBe(false);
    // With a token configured, loopback alone is not enough.
    expect(mayReadMetrics(from('127.0.0.1'), token)).toBe(false);
  });
});
