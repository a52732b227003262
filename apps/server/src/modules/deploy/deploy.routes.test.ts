import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AuditPageView, type DeployStatusView, ROLES } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { waitFor } from '../../test/processes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('deploy when nothing is configured', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is refused to every role but admin, and disabled with a clear message for admins', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const { http } = await signedInClient(ctx, { role });
      expect((await http.get('/api/deploy')).statusCode, role).toBe(403);
      expect((await http.get('/api/deploy/production')).statusCode, role).toBe(403);
    }
    const admin = await signedInClient(ctx, { role: 'admin' });
    expect((await admin.http.get('/api/deploy')).json<DeployStatusView>()).toEqual({
      configured: false,
      method: null,
      running: false,
      lastRun: null,
    });
    const refused = await admin.http.get('/api/deploy/production');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().errors[0].msg).toBe(
      'No deploy is configured on this server. Set DEPLOY_COMMAND or DEPLOY_WEBHOOK_URL.',
    );
  });
});

describe('deploy with a command', () => {
  let ctx: TestApp;
  let gateDir: string;
  /** The command finishes once this file exists: the test decides when, so a second request finds it running. */
  let gate: string;
  beforeAll(async () => {
    // A secret in the server's environment that the deploy command must not see.
    process.env.AMPELOS_TEST_SECRET = 'hush';
    gateDir = await mkdtemp(path.join(tmpdir(), 'ampelos-deploy-gate-'));
    gate = path.join(gateDir, 'finish');
    ctx = await createTestApp({
      env: {
        DEPLOY_COMMAND: `echo "building $DEPLOY_REQUESTED_BY"; echo "secret=$AMPELOS_TEST_SECRET" 1>&2; while [ ! -e '${gate}' ]; do sleep 0.05; done; echo done`,
      },
    });
  });
  afterAll(async () => {
    delete process.env.AMPELOS_TEST_SECRET;
    await ctx?.close();
    await rm(gateDir, { recursive: true, force: true });
  });

  it('streams the output without server secrets, allows one run at a time and audits it', async () => {
    const admin = await signedInClient(ctx, { role: 'admin', firstName: 'Anna', lastName: 'Admin' });
    // A page of another site cannot trigger it: the GET needs the CSRF header like any write.
    const forged = await ctx.app.inject({
      url: '/api/deploy/production',
      headers: { cookie: admin.http.cookie ?? '' },
    });
    expect(forged.statusCode).toBe(403);

    const running = admin.http.get('/api/deploy/production');
    await waitFor(
      async () => (await admin.http.get('/api/deploy')).json<DeployStatusView>().running,
      'the deploy to run',
      20_000,
    );
    const second = await admin.http.get('/api/deploy/production');
    await writeFile(gate, '');
    const first = await running;
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(first.body).toContain('Deploy to production (command) started by Anna Admin');
    expect(first.body).toContain('building Anna Admin');
    expect(first.body).toContain('secret=\n');
    expect(first.body).not.toContain('hush');
    expect(first.body).toContain('done');
    expect(first.body.trimEnd().endsWith('[succeeded: exit code 0]')).toBe(true);
    expect(second.statusCode).toBe(409);
    expect(second.json().errors[0].msg).toBe('A deploy is already running');

    const status = (await admin.http.get('/api/deploy')).json<DeployStatusView>();
    expect(status).toMatchObject({
      configured: true,
      method: 'command',
      running: false,
      lastRun: { by: 'Anna Admin', method: 'command', outcome: 'succeeded', code: 0 },
    });
    const [entry] = (await admin.http.get('/api/audit?action=deploy.production')).json<AuditPageView>().data;
    expect(entry).toMatchObject({
      actor: { name: 'Anna Admin' },
      target: { type: 'deploy', id: 'production' },
      details: { method: 'command', outcome: 'succeeded', code: 0 },
    });
    expect((await client(ctx.app).get('/api/deploy/production')).statusCode).toBe(401);
  });
});

describe('deploy with a webhook', () => {
  let ctx: TestApp;
  let hook: ReturnType<typeof createServer>;
  const calls: { method?: string; body: string }[] = [];
  beforeAll(async () => {
    hook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        calls.push({ method: request.method, body });
        response.writeHead(202, { 'Content-Type': 'text/plain' });
        response.end('pipeline 42 queued\n');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as AddressInfo;
    ctx = await createTestApp({
      env: { DEPLOY_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/deploy?token=s3cret` },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    hook?.close();
  });

  it('posts to the hook, streams its answer and never shows its URL', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const status = (await admin.http.get('/api/deploy')).json<DeployStatusView>();
    expect(status).toMatchObject({ configured: true, method: 'webhook' });
    expect(JSON.stringify(status)).not.toContain('s3cret');
    const run = await admin.http.get('/api/deploy/production');
    expect(run.statusCode).toBe(200);
    expect(run.body).toContain('pipeline 42 queued');
    expect(run.body).toContain('[succeeded: HTTP status 202]');
    expect(run.body).not.toContain('s3cret');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ event: 'deploy.production' });
  });
});
