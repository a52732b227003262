import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottles, emails } from '../../platform/db/schema.ts';
import { createUser } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, linkIn, type TestApp } from '../../test/test-app.ts';

/**
 * Production mode behind nginx on the same machine: the API trusts X-Forwarded-For from 127.0.0.1
 * only, and nginx (deploy/nginx/ampelos.conf) writes the client's address there.
 */
const SETTINGS = {
  NODE_ENV: 'production',
  TRUST_PROXY: '127.0.0.1',
  RATE_LIMIT_AUTH_PER_MINUTE: '5',
  LOGIN_SLOWDOWN_AFTER: '3',
  LOGIN_LOCK_AFTER: '6',
  LOGIN_LOCK_MINUTES: '15',
  AUTH_MAILS_PER_ADDRESS_PER_HOUR: '3',
  AUTH_MAILS_PER_RECIPIENT_PER_HOUR: '2',
};
let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ env: SETTINGS });
});
afterAll(async () => {
  await ctx?.close();
});

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const through = (forwardedFor: string) => ({ headers: { 'x-forwarded-for': forwardedFor } });
let addressSequence = 0;
/** A new client address each call, as a botnet or rotating proxies give. */
const nextClient = () => {
  addressSequence += 1;
  return `203.0.${Math.floor(addressSequence / 250)}.${(addressSequence % 250) + 1}`;
};

/** The pause of a slowed-down account is over (as if its seconds had passed). */
async function endPause(email: string) {
  await ctx.database.db
    .update(authThrottles)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(authThrottles.key, `login:${email}`));
}

async function mailsTo(address: string) {
  return ctx.database.db.select().from(emails).where(eq(emails.toAddress, address));
}

describe('sign-in limits behind the proxy', () => {
  it('counts per client address what nginx reports, whatever the client writes into X-Forwarded-For', async () => {
    const http = client(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The old nginx config appended: "<what the client wrote>, <its real address>".
      const response = await http.post(
        '/api/user/login',
        { email: `nobody${i}-${Date.now()}@example.com`, password: 'Wrong-pass1' },
        through(`10.9.${i}.1, 198.51.100.77`),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another client is not affected; a client reaching the port directly cannot pose as one.
    const other = await http.post(
      '/api/user/login',
      { email: 'someone@example.com', password: 'Wrong-pass1' },
      through('198.51.100.78'),
    );
    expect(other.statusCode).toBe(401);
    for (let i = 0; i < 6; i++) {
      const direct = await http.post(
        '/api/user/login',
        { email: `direct${i}@example.com`, password: 'Wrong-pass1' },
        { ...through(nextClient()), remoteAddress: '192.0.2.50' },
      );
      expect(direct.statusCode).toBe(i < 5 ? 401 : 429);
    }
  });

  it('slows down, then locks one account tried from ever new addresses, and tells its owner once', async () => {
    const { user, password } = await createUser(ctx);
    const http = client(ctx.app);
    const attempt = (pass = 'Wrong-pass1') =>
      http.post('/api/user/login', { email: user.email, password: pass }, through(nextClient()));

    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    // The slowdown: the next try must wait a second, then two…
    const slowed = await attempt();
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().errors[0].msg).toBe(TOO_MANY);
    expect(slowed.headers['retry-after']).toBe('1');
    await endPause(user.email);
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).headers['retry-after']).toBe('2');
    await endPause(user.email);
    expect((await attempt()).statusCode).toBe(401);
    await endPause(user.email);
    // The sixth wrong password locks the account for 15 minutes.
    const locked = await attempt();
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Locked: the right password is refused too, and so are 20 more tries from 20 more addresses.
    expect((await attempt(password)).statusCode).toBe(429);
    const rest = await Promise.all(Array.from({ length: 20 }, () => attempt()));
    expect(rest.map((response) => response.statusCode)).toEqual(Array(20).fill(429));

    const notice = await ctx.waitForMail(user.email, 'Sign-in to your Ampelos account is paused');
    expect(notice.text).toContain('15 minutes');
    expect((await mailsTo(user.email)).filter((row) => row.template === 'account_locked')).toHaveLength(1);

    // A password reset proves the mailbox and lifts the lock.
    expect(
      (await http.post('/api/user/password_reset', { email: user.email }, through(nextClient()))).statusCode,
    ).toBe(200);
    const token = linkIn((await ctx.waitForMail(user.email, 'Reset your Ampelos password')).text)
      .split('/')
      .pop();
    const newPassword = 'Xinomavro-55z';
    expect(
      (await http.post(`/api/user/password_reset/${token}`, { password: newPassword }, through(nextClient())))
        .statusCode,
    ).toBe(200);
    expect((await attempt(newPassword)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one, and mails nobody', async () => {
    const http = client(ctx.app);
    const email = `ghost-${Date.now()}@example.com`;
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await http.post(
        '/api/user/login',
        { email, password: 'Wrong-pass1' },
        through(nextClient()),
      );
      answers.push(`${response.statusCode} ${response.headers['retry-after'] ?? ''}`);
      await endPause(email);
    }
    expect(answers.slice(0, 5)).toEqual(['401 ', '401 ', '401 ', '401 ', '401 ']);
    expect(answers[5]).toMatch(/^429 9\d\d$/);
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB === 'pglite')(
  'several API processes on one PostgreSQL',
  () => {
    it('share the per-account count: tries spread over two processes lock the account as one', async () => {
      const second = await createTestApp({ sharing: ctx, env: SETTINGS });
      try {
        const { user } = await createUser(ctx);
        const apps = [client(ctx.app), client(second.app)];
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++) {
          const response = await apps[i % 2]?.post(
            '/api/user/login',
            { email: user.email, password: 'Wrong-pass1' },
            through(nextClient()),
          );
          statuses.push(response?.statusCode ?? 0);
          await endPause(user.email);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      } finally {
        await second.close();
      }
    });
  },
);

describe('account e-mail limits', () => {
  it('limits the account e-mails one address may cause, and those one mailbox receives', async () => {
    const { user } = await createUser(ctx);
    const http = client(ctx.app);
    const from = nextClient();
    const reset = (address: string) =>
      http.post('/api/user/password_reset', { email: user.email }, through(address));
    for (let i = 0; i < 3; i++) expect((await reset(from)).statusCode).toBe(200);
    const refused = await reset(from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].msg).toBe(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // From another address the answer is the same as ever, but the mailbox got two links this hour.
    expect((await reset(nextClient())).statusCode).toBe(200);
    expect((await mailsTo(user.email)).filter((row) => row.template === 'password_reset')).toHaveLength(2);

    const signUps = [];
    for (let i = 0; i < 4; i++) {
      signUps.push(
        (
          await http.post(
            '/api/user/create',
            {
              firstName: 'Eleni',
              lastName: 'Vlachou',
              email: `flood${i}-${Date.now()}@example.com`,
              password: 'Assyrtiko7x',
              role: 'b2c_admin',
              recaptchaResponse: '',
              acceptPrivacyPolicy: true,
              acceptTermsOfService: true,
            },
            through(from.replace(/\.\d+$/, '.250')),
          )
        ).statusCode,
      );
    }
    expect(signUps).toEqual([201, 201, 201, 429]);
  });
});
