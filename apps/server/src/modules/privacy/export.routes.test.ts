import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, notifications } from '../../platform/db/schema.ts';
import {
  createOrder,
  createReport,
  multipartFile,
  pngOf,
  signedInClient,
  validAddress,
  validField,
} from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hdFileName, PDF_FILE, reportKey, tileFile } from '../datasets/paths.ts';
import { exportAndWait, storageOf, unzip } from './test-support.ts';

let ctx: TestApp;
// Booting runs every migration on a fresh database: slow on a busy machine.
beforeAll(async () => {
  ctx = await createTestApp();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

/** A customer with a profile picture, an address, a drawn field with its snapshot, an order and a processed report. */
async function customerWithData(firstName: string) {
  const signedIn = await signedInClient(ctx, {
    firstName,
    marketingOptIn: true,
    privacyAcceptedAt: new Date(),
  });
  const { http, user } = signedIn;
  const avatar = multipartFile('avatar', 'me.png', await pngOf(300, 300), 'image/png');
  expect(
    (await http.post('/api/user/avatar/upload', avatar.payload, { headers: avatar.headers })).statusCode,
  ).toBe(200);
  expect((await http.post('/api/user/address', validAddress({ city: `${firstName}ville` }))).statusCode).toBe(
    201,
  );
  const snapshot = multipartFile('avatar', 'map.png', await pngOf(400, 300), 'image/png');
  const uploaded = await http.post('/api/field/avatar/upload', snapshot.payload, {
    headers: snapshot.headers,
  });
  expect(uploaded.statusCode).toBe(200);
  const { md, xs } = uploaded.json().file;
  const created = await http.post(
    '/api/field/create',
    validField({ title: `${firstName}'s vines`, avatar: { md: md.Location, xs: xs.Location } }),
  );
  expect(created.statusCode).toBe(201);
  const field = created.json().data;
  const order = await createOrder(ctx, user);
  const report = await createReport(
    ctx,
    user,
    { id: field.id, title: field.title, area: field.area },
    {
      orderId: order.id,
      status: 'complete',
    },
  );
  const storage = storageOf(ctx);
  await storage.put(
    reportKey(report.uuid, PDF_FILE),
    Buffer.from(`%PDF-1.4 ${firstName}\n%%EOF\n`),
    'application/pdf',
  );
  await storage.put(reportKey(report.uuid, hdFileName('DJI_0001')), Buffer.alloc(2048, 1), 'image/jpeg');
  await storage.put(reportKey(report.uuid, tileFile('ai', 18, 1, 1)), Buffer.alloc(64, 2), 'image/png');
  await ctx.database.db.insert(notifications).values({
    userId: user.id,
    type: 'order_status_update',
    details: { order: { uuid: order.uuid }, newStatus: 'complete' },
  });
  return { ...signedIn, field, order, report };
}

describe('data export', () => {
  it("gives the owner a zip of their data and files, with nothing of another user's", async () => {
    const owner = await customerWithData('Eleni');
    const other = await customerWithData('Nikos');

    const ready = await exportAndWait(owner.http);
    expect(ready).toMatchObject({ status: 'ready', filesDone: ready.filesTotal });
    expect(ready.downloadUrl).toMatch(/^\/api\/user\/export\/[0-9a-f-]{36}\/download$/);
    await ctx.waitForMail(owner.user.email, 'ready to download');

    const download = await owner.http.get(ready.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="ampelos-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(download.rawPayload);
    const json = entries.get('ampelos-data.json')?.toString('utf8') ?? '';
    const document = JSON.parse(json);

    expect(document.account).toMatchObject({
      uuid: owner.user.uuid,
      email: owner.user.email,
      firstName: 'Eleni',
    });
    expect(document.consents.marketingEmails).toBe(true);
    expect(document.consents.privacyPolicyAcceptedAt).toEqual(expect.any(String));
    expect(document.addresses.map((a: { city: string }) => a.city)).toEqual(['Eleniville']);
    expect(document.fields).toHaveLength(1);
    expect(document.fields[0]).toMatchObject({ uuid: owner.field.uuid, polygonPoints: expect.any(Array) });
    expect(document.orders.map((o: { uuid: string }) => o.uuid)).toEqual([owner.order.uuid]);
    expect(document.reports.map((r: { uuid: string }) => r.uuid)).toEqual([owner.report.uuid]);
    expect(document.notifications).toHaveLength(1);
    expect(document.sessions.length).toBeGreaterThan(0);

    // Files: picture, field snapshot and report PDF inside; HD photo and tiles listed, not included.
    expect(entries.get(`files/reports/${owner.report.uuid}/${PDF_FILE}`)?.toString()).toContain('Eleni');
    expect([...entries.keys()].some((name) => name.startsWith('files/profile/avatar-md'))).toBe(true);
    expect(
      [...entries.keys()].some((name) => name.startsWith(`files/fields/${owner.field.uuid}/snapshot-md`)),
    ).toBe(true);
    expect([...entries.keys()].some((name) => name.endsWith('-hd.jpg') || name.includes('/tiles/'))).toBe(
      false,
    );
    expect(document.filesNotIncluded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ report: owner.report.uuid, kind: 'hd_photo', files: 1, bytes: 2048 }),
        expect.objectContaining({ report: owner.report.uuid, kind: 'map_tiles', files: 1 }),
      ]),
    );

    // Nothing of the other customer, no secrets.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const foreign of [
      other.user.email,
      other.user.uuid,
      other.field.uuid,
      other.order.uuid,
      other.report.uuid,
      'Nikos',
    ])
      expect(everything).not.toContain(foreign);
    expect(json).not.toMatch(/\$argon2|passwordHash|password_hash|tokenHash|unsubscribeToken/);
    const cookie = owner.http.cookie?.split('=')[1] ?? '';
    expect(cookie.length).toBeGreaterThan(10);
    expect(everything).not.toContain(cookie);
  });

  it('lets only the owner download it', async () => {
    const owner = await customerWithData('Sofia');
    const ready = await exportAndWait(owner.http);
    const stranger = await signedInClient(ctx);
    expect((await stranger.http.get(ready.downloadUrl)).statusCode).toBe(404);
    expect((await client(ctx.app).get(ready.downloadUrl)).statusCode).toBe(401);
    // The stranger's own status does not show someone else's export.
    expect((await stranger.http.get('/api/user/export')).json().export).toBeNull();
    expect((await owner.http.get(ready.downloadUrl)).statusCode).toBe(200);
  });

  it('answers the export on its way instead of starting a second one', async () => {
    const { http, user } = await signedInClient(ctx);
    const [running] = await ctx.database.db
      .insert(dataExports)
      .values({ userId: user.id, status: 'running', filesTotal: 4, filesDone: 1 })
      .returning();
    const answer = await http.post('/api/user/export');
    expect(answer.statusCode).toBe(202);
    expect(answer.json().export).toMatchObject({
      id: running?.id,
      status: 'running',
      filesTotal: 4,
      filesDone: 1,
    });
    expect(answer.json().export.downloadUrl).toBeNull();
  });
});
