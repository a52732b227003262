import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, linkIn, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Eleni',
  lastName: 'Vlachou',
  email: `eleni${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: 'Assyrtiko7x',
  role: 'b2b_admin',
  recaptchaResponse: '',
  acceptPrivacyPolicy: true,
  acceptTermsOfService: true,
  ...overrides,
});

describe('sign-up, verification and login', () => {
  it('creates an account, e-mails a verification link that works once, then allows login', async () => {
    const http = client(ctx.app);
    const body = signUpBody();
    const created = await http.post('/api/user/create', body);
    expect(created.statusCode).toBe(201);

    const notYet = await http.post('/api/user/login', { email: body.email, password: body.password });
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().errors[0].msg).toMatch(/verify your e-mail/);

    const mail = await ctx.waitForMail(body.email, 'Verify');
    const link = linkIn(mail.text);
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify_email\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop();
    expect((await http.post('/api/user/verify_email', { token })).statusCode).toBe(200);
    expect((await http.post('/api/user/verify_email', { token })).json()).toEqual({
      errors: [
        { msg: "Something went wrong and we couldn't verify your account.", key: 'errors:auth.verifyFailed' },
      ],
    });

    const login = await http.post('/api/user/login', {
      email: body.email.toUpperCase(),
      password: body.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email: body.email, role: 'b2b_admin', lang: 'en' });
    const me = await http.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().permissions).toContain('UserCompany:read');
    expect(me.body).not.toMatch(/password|token/i);
  });

  it('records the moment of consent and refuses sign-up without both consents', async () => {
    const http = client(ctx.app);
    const refused = await http.post('/api/user/create', signUpBody({ acceptTermsOfService: false }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        msg: 'You must accept the privacy policy and the terms of service',
        key: 'errors:validation.consentRequired',
        path: 'acceptTermsOfService',
      },
    ]);
  });

  it('only offers the Business and Personal roles', async () => {
    const response = await client(ctx.app).post('/api/user/create', signUpBody({ role: 'admin' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('role');
  });

  it('applies the password rule with its exact message, and refuses common passwords', async () => {
    const http = client(ctx.app);
    const weak = await http.post('/api/user/create', signUpBody({ password: 'alllowercase1' }));
    expect(weak.json().errors).toEqual([
      {
        msg: 'Must be 8 characters or more, containing at least 1 number and 1 capital letter',
        key: 'errors:validation.password',
        path: 'password',
      },
    ]);
    const common = await http.post('/api/user/create', signUpBody({ password: 'Password1' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0].msg).toMatch(/too common/);
  });

  it('answers a sign-up with a known e-mail exactly like a new one, and tells the owner instead', async () => {
    const { user, password } = await createUser(ctx, { lang: 'el' });
    const fresh = await client(ctx.app).post('/api/user/create', signUpBody());
    const known = await client(ctx.app).post(
      '/api/user/create',
      signUpBody({ email: user.email, password: 'Another-pass9' }),
    );
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.statusCode).toBe(201);
    expect(known.body).toBe(fresh.body);
    const notice = await ctx.waitForMail(user.email, 'Ampelos');
    expect(notice.subject).toBe('Κάποιος προσπάθησε να δημιουργήσει λογαριασμό Ampelos με το e-mail σας');
    expect(notice.text).toContain('http://localhost:3000/passwordreset');
    expect(ctx.sent.filter((mail) => mail.to === user.email)).toHaveLength(1);
    // Nothing changed: the owner's password still signs in, the new one does not.
    const http = client(ctx.app);
    expect(
      (await http.post('/api/user/login', { email: user.email, password: 'Another-pass9' })).statusCode,
    ).toBe(401);
    expect((await http.post('/api/user/login', { email: user.email, password })).statusCode).toBe(200);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const { user } = await createUser(ctx);
    const http = client(ctx.app);
    const wrongPassword = await http.post('/api/user/login', { email: user.email, password: 'Wrong-pass1' });
    const unknown = await http.post('/api/user/login', {
      email: 'nobody@example.com',
      password: 'Wrong-pass1',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknown.body);
  });

  it('sets an HttpOnly SameSite=Lax session cookie and rotates it at every login', async () => {
    const { user, password } = await createUser(ctx);
    const http = client(ctx.app);
    const first = await http.post('/api/user/login', { email: user.email, password });
    const cookie = first.cookies[0];
    expect(cookie).toMatchObject({ name: 'ampelos_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    const oldCookie = http.cookie;
    await http.post('/api/user/login', { email: user.email, password });
    expect(http.cookie).not.toBe(oldCookie);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: oldCookie } })).statusCode).toBe(401);
  });

  it('logs out only with the CSRF header, then the session is gone', async () => {
    const { user, password } = await createUser(ctx);
    const http = client(ctx.app);
    await http.post('/api/user/login', { email: user.email, password });
    const cookie = http.cookie as string;
    const forged = await ctx.app.inject({ url: '/api/user/logout', headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect((await http.get('/api/user/logout')).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the e-mail exists', async () => {
    const http = client(ctx.app);
    const { user } = await createUser(ctx);
    const known = await http.post('/api/user/password_reset', { email: user.email });
    const unknown = await http.post('/api/user/password_reset', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });

  it('resets with the e-mailed link once, and ends every session', async () => {
    const { user } = await createUser(ctx);
    const http = client(ctx.app);
    await http.post('/api/user/login', { email: user.email, password: DEFAULT_PASSWORD });
    const sessionCookie = http.cookie as string;
    await client(ctx.app).post('/api/user/password_reset', { email: user.email });
    const token = linkIn((await ctx.waitForMail(user.email, 'Reset')).text)
      .split('/')
      .pop();

    const reset = await client(ctx.app).post(`/api/user/password_reset/${token}`, {
      password: 'New-Xinomavro3',
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: sessionCookie } })).statusCode).toBe(
      401,
    );

    const again = await client(ctx.app).post(`/api/user/password_reset/${token}`, {
      password: 'Other-Xinomavro3',
    });
    expect(again.json().errors[0].msg).toBe(
      "Request could not be processed. Make sure you didn't change the provided Reset url or the the url has expired.",
    );
    expect(
      (await client(ctx.app).post('/api/user/login', { email: user.email, password: 'New-Xinomavro3' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a weak new password', async () => {
    const response = await client(ctx.app).post(`/api/user/password_reset/${'a'.repeat(43)}`, {
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many login attempts', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
    try {
      const http = client(limited.app);
      const attempt = () => http.post('/api/user/login', { email: 'a@example.com', password: 'Whatever1x' });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().errors[0].msg).toBe(
        'Too many attempts. Please wait a few minutes and try again.',
      );
    } finally {
      await limited.close();
    }
  });
});
