import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../web/src/config/paths.ts';
import { createUser, DEFAULT_PASSWORD, signedInClient } from '../test/factories.ts';
import { client } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registeredApiRoutes, SECURITY_TEST_ENV } from './routes.ts';

/**
 * Abuse of the API: brute force (rate limits), session fixation and revocation, cross-site form
 * posts, framing and script injection (headers and CSP on every page), and error bodies that would
 * leak internals. Each runs against the real app.
 */
let ctx: TestApp;
let webDist: string;

const CSRF_MESSAGE = 'This request was blocked because it did not come from the Ampelos app';

beforeAll(async () => {
  // A web build of one page is enough: every client route answers it.
  webDist = await mkdtemp(path.join(tmpdir(), 'ampelos-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ env: { ...SECURITY_TEST_ENV, WEB_DIST_DIR: webDist } });
}, 300_000);
afterAll(async () => {
  await ctx?.close();
  await rm(webDist, { recursive: true, force: true });
});

const session = (cookie: string | undefined) => ({ cookie: cookie ?? '' });
const whoAmI = (cookie: string | undefined) => ctx.app.inject({ url: '/api/user', headers: session(cookie) });

describe('rate limits', () => {
  it('answers 429 with the clear message on every auth route, then lets the client in again after the window', async () => {
    // A ten-second window on a clock the test holds still (only Date is faked): however slow the
    // machine, the window cannot pass during the attempts, and the test moves the clock past it.
    const limited = await createTestApp({
      env: { ...SECURITY_TEST_ENV, RATE_LIMIT_AUTH_PER_MINUTE: '2', RATE_LIMIT_AUTH_WINDOW_SECONDS: '10' },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const http = client(limited.app);
      const token = 'a'.repeat(43);
      const attempts: [string, unknown][] = [
        ['/api/user/login', { email: 'nobody@example.com', password: 'Whatever-1x' }],
        [
          '/api/user/create',
          { firstName: 'A', lastName: 'B', email: 'bad', password: 'x', role: 'b2c_admin' },
        ],
        ['/api/user/verify_email', { token }],
        ['/api/user/password_reset', { email: 'nobody@example.com' }],
        [`/api/user/password_reset/${token}`, { password: 'Whatever-1x-long' }],
      ];
      let retryAfterMs = 0;
      let normalStatus = 0;
      for (const [url, body] of attempts) {
        for (let i = 0; i < 2; i++) {
          normalStatus = (await http.post(url, body)).statusCode;
          expect(normalStatus, url).not.toBe(429);
        }
        const blocked = await http.post(url, body);
        expect(blocked.statusCode, url).toBe(429);
        expect(blocked.json()).toEqual({
          errors: [
            {
              msg: 'Too many attempts. Please wait a few minutes and try again.',
              key: 'errors:http.tooManyAttempts',
            },
          ],
        });
        retryAfterMs = Number(blocked.headers['retry-after']) * 1000;
        expect(retryAfterMs).toBeGreaterThan(0);
      }
      // Once the window the server named in Retry-After has passed, the same client is answered normally.
      vi.setSystemTime(Date.now() + retryAfterMs + 250);
      const [lastUrl, lastBody] = attempts.at(-1) as [string, unknown];
      expect((await http.post(lastUrl, lastBody)).statusCode).toBe(normalStatus);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  }, 180_000);
});

describe('session fixation', () => {
  it('never adopts a session token planted before login', async () => {
    const { user } = await createUser(ctx);
    const planted = 'attacker-chosen-token-0123456789abcdefghij';
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: `ampelos_session=${planted}` },
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const issued = login.cookies.find((c) => c.name === 'ampelos_session')?.value;
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    expect((await whoAmI(`ampelos_session=${planted}`)).statusCode).toBe(401);
    expect((await whoAmI(`ampelos_session=${issued}`)).json().email).toBe(user.email);
  });

  it("ends the attacker's own session when a victim signs in with it planted", async () => {
    const attacker = await signedInClient(ctx);
    const { user: victim } = await createUser(ctx);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: attacker.http.cookie ?? '' },
      payload: { email: victim.email, password: DEFAULT_PASSWORD },
    });
    const issued = login.cookies.find((c) => c.name === 'ampelos_session')?.value;
    expect(`ampelos_session=${issued}`).not.toBe(attacker.http.cookie);
    // The planted token now names nobody: the attacker cannot ride the victim's login.
    expect((await whoAmI(attacker.http.cookie)).statusCode).toBe(401);
    expect((await whoAmI(`ampelos_session=${issued}`)).json().email).toBe(victim.email);
  });
});

describe('revocation', () => {
  const PROTECTED = ['/api/user', '/api/fields', '/api/notifications', '/api/user/address'];

  async function expectRevoked(cookie: string | undefined) {
    for (const url of PROTECTED) {
      const response = await ctx.app.inject({ url, headers: session(cookie) });
      expect(response.statusCode, url).toBe(401);
    }
    const write = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: { ...session(cookie), 'x-requested-with': 'XMLHttpRequest' },
      payload: { firstName: 'Hijacked', lastName: 'Session' },
    });
    expect(write.statusCode).toBe(401);
  }

  it('logout ends the session: the old cookie gets 401 everywhere', async () => {
    const { http } = await signedInClient(ctx);
    const cookie = http.cookie;
    expect((await http.get('/api/user/logout')).statusCode).toBe(200);
    await expectRevoked(cookie);
  });

  it("a password change ends the user's other sessions (a stolen cookie stops working)", async () => {
    const { http, user } = await signedInClient(ctx);
    const stolen = client(ctx.app);
    await stolen.post('/api/user/login', { email: user.email, password: DEFAULT_PASSWORD });
    const changed = await http.put('/api/user/update/password', {
      oldPassword: DEFAULT_PASSWORD,
      newPassword: 'Harvest-moon-2025',
    });
    expect(changed.statusCode).toBe(200);
    await expectRevoked(stolen.cookie);
    expect((await http.get('/api/user')).statusCode).toBe(200);
  });

  it('account deletion ends every session of the account', async () => {
    const { http, user } = await signedInClient(ctx);
    const other = client(ctx.app);
    await other.post('/api/user/login', { email: user.email, password: DEFAULT_PASSWORD });
    const cookie = http.cookie;
    expect((await http.put('/api/user/delete/account', { email: user.email })).statusCode).toBe(200);
    await expectRevoked(cookie);
    await expectRevoked(other.cookie);
  });
});

describe('CSRF', () => {
  it('refuses a cross-origin form post on every state-changing route, even with a valid session', async () => {
    const { http } = await signedInClient(ctx, { role: 'admin' });
    const stateChanging = ctx.routes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.csrf !== false &&
        (!['GET', 'HEAD', 'OPTIONS'].includes(route.method) || route.csrf === true),
    );
    expect(stateChanging.length).toBeGreaterThan(50);
    const accepted: string[] = [];
    for (const route of stateChanging) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
      const response = await ctx.app.inject({
        method: route.method as 'POST',
        url,
        headers: {
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
          cookie: http.cookie ?? '',
        },
        payload: 'email=attacker%40evil.example&status=complete',
      });
      // A HEAD answer has no body: its status says it all.
      const message = route.method === 'HEAD' ? CSRF_MESSAGE : response.json().errors?.[0]?.msg;
      if (response.statusCode !== 403 || message !== CSRF_MESSAGE) {
        accepted.push(`${route.method} ${route.url}: ${response.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
    // The session survived the attempts: nothing was signed out or changed on the victim's behalf.
    expect((await http.get('/api/user')).statusCode).toBe(200);
  });

  it('leaves only the one-click unsubscribe open to mail clients (its token is the credential)', () => {
    const optedOut = ctx.routes.filter((route) => route.csrf === false).map((r) => `${r.method} ${r.url}`);
    expect(optedOut.sort()).toEqual([
      'GET /api/user/unsubscribe/:token',
      'HEAD /api/user/unsubscribe/:token',
      'POST /api/user/unsubscribe/:token',
    ]);
  });
});

/** Every client route of the web app, with a sample value for its parameters. */
function webPages(): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const route = node as { path?: unknown };
    if (typeof route.path === 'string') found.push(route.path.replace(/:\w+/g, 'sample-token-123'));
    else for (const child of Object.values(node)) walk(child);
  };
  walk(paths);
  return [...new Set(found)];
}

function expectSecurityHeaders(headers: Record<string, unknown>, where: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, where).toContain("default-src 'self'");
  expect(csp, where).toContain("script-src 'self'");
  expect(csp, where).toContain("object-src 'none'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("base-uri 'self'");
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['x-frame-options'], where).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], where).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
  expect(headers['x-powered-by'], where).toBeUndefined();
}

describe('security headers and CSP', () => {
  it('are on every page of the web app', async () => {
    const pages = webPages();
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/login', '/fields', '/dashboard', '/profile/settings']),
    );
    for (const page of pages) {
      const response = await ctx.app.inject({ url: page });
      expect(response.statusCode, page).toBe(200);
      expect(response.headers['content-type'], page).toContain('text/html');
      expectSecurityHeaders(response.headers, page);
    }
    expectSecurityHeaders((await ctx.app.inject({ url: '/favicon.svg' })).headers, '/favicon.svg');
  });

  it('are on every API answer, errors included', async () => {
    for (const key of registeredApiRoutes(ctx.routes)) {
      const [method = 'GET', route = '/'] = key.split(' ');
      const url = route.replace(/:(\w+)/g, 'x').replace('*', 'x');
      const response = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      expectSecurityHeaders(response.headers, key);
    }
  });

  it('add HSTS and upgrade-insecure-requests when served over https', async () => {
    const https = await createTestApp({
      env: { ...SECURITY_TEST_ENV, PUBLIC_URL: 'https://ampelos.example' },
    });
    try {
      const response = await https.app.inject({ url: '/api/health' });
      expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  }, 180_000);
});

describe('error bodies', () => {
  /** What a leaked stack or internal detail looks like. */
  const LEAK =
    /\bat \S+ \(|node_modules|\/work\/|\/home\/|\/tmp\/|\.ts:\d+|\bError:|stack|syntaxerror|pg_|drizzle|sql|select |relation "/i;

  async function expectClean(
    response: { statusCode: number; body: string; headers: Record<string, unknown> },
    what: string,
    server = false,
  ) {
    // A 4xx for everything the client got wrong; a 5xx only where the server itself failed.
    expect(response.statusCode, what).toBeGreaterThanOrEqual(server ? 500 : 400);
    expect(response.statusCode, what).toBeLessThan(server ? 600 : 500);
    expect(String(response.headers['content-type']), what).toContain('application/json');
    const body = JSON.parse(response.body) as { errors: { msg: string }[] };
    expect(Object.keys(body), what).toEqual(['errors']);
    expect(body.errors.length, what).toBeGreaterThan(0);
    expect(response.body, what).not.toMatch(LEAK);
  }

  it('carry a message and nothing internal, whatever the fault', async () => {
    const { http } = await signedInClient(ctx);
    const json = {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      cookie: http.cookie ?? '',
    };
    const cases: [string, InjectOptions][] = [
      ['malformed JSON', { method: 'POST', url: '/api/user/login', headers: json, payload: '{"email":' }],
      ['empty JSON body', { method: 'POST', url: '/api/user/login', headers: json, payload: '' }],
      [
        'JSON of the wrong shape',
        { method: 'POST', url: '/api/field/create', headers: json, payload: '[1,2,3]' },
      ],
      [
        'deeply nested JSON',
        {
          method: 'POST',
          url: '/api/field/create',
          headers: json,
          payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
        },
      ],
      [
        'huge body',
        {
          method: 'POST',
          url: '/api/user/login',
          headers: json,
          payload: JSON.stringify({ email: 'x'.repeat(400_000) }),
        },
      ],
      [
        'bad content type',
        {
          method: 'POST',
          url: '/api/user/login',
          headers: { ...json, 'content-type': 'application/xml' },
          payload: '<a/>',
        },
      ],
      [
        'form body to a JSON route',
        {
          method: 'PUT',
          url: '/api/user/update',
          headers: { ...json, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'a=b',
        },
      ],
      [
        'broken multipart',
        {
          method: 'POST',
          url: '/api/user/avatar/upload',
          headers: { ...json, 'content-type': 'multipart/form-data; boundary=zz' },
          payload: '--zz\r\nnot a part',
        },
      ],
      ['NUL character in a path parameter', { method: 'GET', url: '/api/coupon/code/%00', headers: json }],
      [
        'NUL character in a body',
        {
          method: 'PUT',
          url: '/api/user/update',
          headers: json,
          payload: '{"firstName":"a\\u0000b","lastName":"c"}',
        },
      ],
      ['unknown route', { method: 'GET', url: '/api/nothing-here', headers: json }],
      ['unknown method', { method: 'DELETE', url: '/api/fields', headers: json }],
      ['invalid path parameter', { method: 'GET', url: '/api/orders/not-a-uuid/pdf', headers: json }],
      ['bad percent-encoding', { method: 'GET', url: '/api/field/%E0%A4%A', headers: json }],
      ['invalid query', { method: 'GET', url: '/api/analytics/fields-map/polygons?bbox=1,2', headers: json }],
      ['not signed in', { method: 'GET', url: '/api/user' }],
      ['not allowed', { method: 'GET', url: '/api/audit', headers: json }],
      [
        'cross-origin',
        { method: 'POST', url: '/api/user/login', headers: { origin: 'https://evil.example' }, payload: {} },
      ],
    ];
    for (const [what, options] of cases) await expectClean(await ctx.app.inject(options), what);
  });

  it('answer an unexpected failure with "Something Went Wrong" and no detail', async () => {
    const broken = await createTestApp({ env: SECURITY_TEST_ENV });
    const { http } = await signedInClient(broken);
    // The database goes away under a running server: every query now throws.
    await broken.database.close();
    try {
      const response = await http.get('/api/fields');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        errors: [{ msg: 'Something Went Wrong', key: 'errors:http.serverFailed' }],
      });
      await expectClean(response, 'database gone', true);
    } finally {
      await broken.app.close().catch(() => {});
      await broken.close().catch(() => {});
    }
  }, 180_000);
});
