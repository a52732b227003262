import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = '----ampelos-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png()
    .toBuffer();

describe('GET /user', () => {
  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({ url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].msg).toBeTruthy();
  });

  it('returns the user with lang and the permissions of the role, never the hash', async () => {
    const { http } = await signedInClient(ctx, { role: 'drone_operator', lang: 'el' });
    const me = (await http.get('/api/user')).json();
    expect(me.lang).toBe('el');
    expect(me.permissions).toContain('Shoots:read');
    expect(me.permissions).not.toContain('Fields:read');
    expect(Object.keys(me)).not.toContain('passwordHash');
  });
});

describe('profile', () => {
  it('updates names, mobile and location', async () => {
    const { http } = await signedInClient(ctx);
    const response = await http.put('/api/user/update', {
      firstName: 'Γιώργος',
      lastName: 'Papadopoulos',
      mobile: '+30 6912345678',
      location: 'Nemea',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      firstName: 'Γιώργος',
      mobile: '+30 6912345678',
      location: 'Nemea',
    });
  });

  it('refuses invalid data with the field message', async () => {
    const { http } = await signedInClient(ctx);
    const response = await http.put('/api/user/update', { firstName: 'A', lastName: 'Papadopoulos' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        msg: 'Must be between 2 and 50 English characters.',
        key: 'errors:validation.personName',
        path: 'firstName',
      },
    ]);
  });

  it('does not let a customer edit another user, whatever flag it sends', async () => {
    const { http } = await signedInClient(ctx);
    const { user: other } = await createUser(ctx);
    const response = await http.put('/api/user/update', {
      firstName: 'Hacked',
      lastName: 'Name',
      updateOtherUser: true,
      uuid: other.uuid,
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets an administrator edit another user', async () => {
    const { http } = await signedInClient(ctx, { role: 'admin' });
    const { user: other } = await createUser(ctx);
    const response = await http.put('/api/user/update', {
      firstName: 'Nikos',
      lastName: 'Other',
      updateOtherUser: true,
      uuid: other.uuid,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ uuid: other.uuid, firstName: 'Nikos' });
  });

  it('records the marketing opt-in and a one-click unsubscribe clears it', async () => {
    const { http, user } = await signedInClient(ctx);
    await http.put('/api/user/update', { firstName: 'Maria', lastName: 'Georgiou', marketingOptIn: true });
    expect((await http.get('/api/user')).json().marketingOptIn).toBe(true);
    const page = await ctx.app.inject({ url: `/api/user/unsubscribe/${user.unsubscribeToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no longer receive');
    expect((await http.get('/api/user')).json().marketingOptIn).toBe(false);
  });

  it('changes the language', async () => {
    const { http } = await signedInClient(ctx);
    const response = await http.post('/api/user/settings/changeLanguage', { lang: 'el' });
    expect(response.json().user.lang).toBe('el');
    expect((await http.post('/api/user/settings/changeLanguage', { lang: 'fr' })).statusCode).toBe(400);
  });
});

describe('password change', () => {
  it('needs the current password', async () => {
    const { http } = await signedInClient(ctx);
    const response = await http.put('/api/user/update/password', {
      oldPassword: 'Not-my-pass1',
      newPassword: 'Moschofilero5',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].msg).toBe('Current password is not correct');
  });

  it('ends the other sessions and keeps the current one', async () => {
    const { http, user, password } = await signedInClient(ctx);
    const other = client(ctx.app);
    await other.post('/api/user/login', { email: user.email, password });
    const response = await http.put('/api/user/update/password', {
      oldPassword: password,
      newPassword: 'Moschofilero5',
    });
    expect(response.statusCode).toBe(200);
    expect((await http.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    await ctx.waitForMail(user.email, 'password was changed');
  });
});

describe('account deletion', () => {
  it('needs the typed e-mail to match, then removes the account and its sessions', async () => {
    const { http, user, password } = await signedInClient(ctx);
    const mismatch = await http.put('/api/user/delete/account', { email: 'someone@example.com' });
    expect(mismatch.statusCode).toBe(400);
    const deleted = await http.put('/api/user/delete/account', { email: user.email });
    expect(deleted.statusCode).toBe(200);
    expect((await http.get('/api/user')).statusCode).toBe(401);
    expect((await client(ctx.app).post('/api/user/login', { email: user.email, password })).statusCode).toBe(
      401,
    );
  });
});

describe('avatar', () => {
  it('decodes, resizes and serves the uploaded image, and removes it', async () => {
    const { http } = await signedInClient(ctx);
    const upload = multipart('avatar', 'me.png', await pngOf(800, 600), 'image/png');
    const response = await http.post('/api/user/avatar/upload', upload.payload, { headers: upload.headers });
    expect(response.statusCode).toBe(200);
    const { md, xs } = response.json().avatar;
    const served = await ctx.app.inject({ url: md });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });
    expect((await sharp((await ctx.app.inject({ url: xs })).rawPayload).metadata()).width).toBe(64);

    const removed = await http.put('/api/user/update/avatar', { avatar: null });
    expect(removed.json().user.avatar).toBeNull();
    expect((await ctx.app.inject({ url: md })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image', async () => {
    const { http } = await signedInClient(ctx);
    const upload = multipart('avatar', 'fake.png', Buffer.from('not an image at all'), 'image/png');
    const response = await http.post('/api/user/avatar/upload', upload.payload, { headers: upload.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].msg).toMatch(/not an image/);
  });

  it('takes JPEG, PNG and WebP only, told by the bytes: SVG and TIFF are refused whatever their name', async () => {
    const { http } = await signedInClient(ctx);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="red"/></svg>',
    );
    const tiff = await sharp(await pngOf(300, 300))
      .tiff()
      .toBuffer();
    for (const [name, bytes, type] of [
      ['me.svg', svg, 'image/svg+xml'],
      ['me.png', svg, 'image/png'],
      ['me.jpg', tiff, 'image/jpeg'],
    ] as const) {
      const upload = multipart('avatar', name, bytes, type);
      const response = await http.post('/api/user/avatar/upload', upload.payload, {
        headers: upload.headers,
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors[0].msg, name).toBe(
        'The file is not an image we can read. Please choose a JPEG, PNG or WebP image.',
      );
    }
    for (const bytes of [
      await sharp(await pngOf(300, 300))
        .jpeg()
        .toBuffer(),
      await sharp(await pngOf(300, 300))
        .webp()
        .toBuffer(),
    ]) {
      const upload = multipart('avatar', 'me.bin', bytes, 'application/octet-stream');
      expect(
        (await http.post('/api/user/avatar/upload', upload.payload, { headers: upload.headers })).statusCode,
      ).toBe(200);
    }
  });

  it('refuses an image over 2 MB with the spec message', async () => {
    const { http } = await signedInClient(ctx);
    const upload = multipart('avatar', 'big.png', Buffer.alloc(2 * 1024 * 1024 + 10, 1), 'image/png');
    const response = await http.post('/api/user/avatar/upload', upload.payload, { headers: upload.headers });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0].msg).toBe('Please choose an image less than 2 MB');
  });
});
