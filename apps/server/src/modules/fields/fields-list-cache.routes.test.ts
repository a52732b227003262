import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports, shoots } from '../../platform/db/schema.ts';
import {
  createCompany,
  createField,
  createReport,
  createShoot,
  createUser,
  signedInClient,
} from '../../test/factories.ts';
import { client, type Client as TestClient } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The fields list is answered from a per-process cache (list-cache.ts): every write below must be in
// the very next answer, on this process and on another one, and no viewer ever gets another's answer.

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const fieldEdit = (uuid: string, title: string) => ({
  uuid,
  title,
  usedFor: 1,
  age: 1,
  altitude: 1,
  slope: 1,
  avgPlantHeight: 1,
});

type ListAnswer = {
  data: {
    uuid: string;
    title: string;
    owner?: { firstName: string };
    Reports: { uuid: string; status: string }[];
  }[];
  shootData: { uuid: string; dateRange: { start: string; end: string } | null }[];
};

/** The list, asked twice: the second time with the first answer's tag, which must still match. */
async function warmList(http: TestClient): Promise<{ list: ListAnswer; etag: string }> {
  const first = await http.get('/api/fields');
  expect(first.statusCode).toBe(200);
  const etag = first.headers.etag as string;
  const again = await http.get('/api/fields', { headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);
  return { list: first.json(), etag };
}

/** The next answer to a client holding `etag`: it must be a new list, not a 304. */
async function changedList(http: TestClient, etag: string): Promise<ListAnswer> {
  const response = await http.get('/api/fields', { headers: { 'if-none-match': etag } });
  expect(response.statusCode).toBe(200);
  expect(response.headers.etag).not.toBe(etag);
  return response.json();
}

describe('GET /api/fields answered from the cache', () => {
  it("shows the customer's own field edit at once", async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, customer.user, { title: 'Before' });
    const { etag } = await warmList(customer.http);
    const edit = await customer.http.post('/api/field/update', fieldEdit(field.uuid, 'After'));
    expect(edit.statusCode).toBe(201);
    expect((await changedList(customer.http, etag)).data.map((f) => f.title)).toEqual(['After']);
  });

  it('shows a new report, a report status change and a shoot change written by other code at once', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, customer.user);
    let { etag } = await warmList(customer.http);

    // Straight in the database, as the imaging worker and the operations staff's code write them.
    const report = await createReport(ctx, customer.user, field, { status: 'processing' });
    let list = await changedList(customer.http, etag);
    expect(list.data[0]?.Reports.map((r) => r.uuid)).toEqual([report.uuid]);
    ({ etag } = await warmList(customer.http));

    await ctx.database.db.update(reports).set({ status: 'complete' }).where(eq(reports.id, report.id));
    list = await changedList(customer.http, etag);
    expect(list.data[0]?.Reports[0]?.status).toBe('complete');

    const shoot = await createShoot(ctx, report, { dateStart: '2026-05-01', dateEnd: '2026-05-10' });
    ({ etag } = await warmList(customer.http));
    await ctx.database.db.update(shoots).set({ dateEnd: '2026-05-20' }).where(eq(shoots.id, shoot.id));
    list = await changedList(customer.http, etag);
    expect(list.shootData).toEqual([
      expect.objectContaining({ uuid: shoot.uuid, dateRange: { start: '2026-05-01', end: '2026-05-20' } }),
    ]);

    ({ etag } = await warmList(customer.http));
    await ctx.database.db.delete(shoots).where(eq(shoots.id, shoot.id));
    expect((await changedList(customer.http, etag)).shootData).toEqual([]);
  });

  it("shows a staff change to the customer's field, and the customer's changes in the staff list", async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin', firstName: 'Eleni' });
    const field = await createField(ctx, customer.user, { title: 'Customer title' });
    const admin = await signedInClient(ctx, { role: 'admin' });
    const customerList = await warmList(customer.http);
    let staffList = await warmList(admin.http);

    const edit = await admin.http.post('/api/field/update', fieldEdit(field.uuid, 'Staff title'));
    expect(edit.statusCode).toBe(201);
    expect((await changedList(customer.http, customerList.etag)).data[0]?.title).toBe('Staff title');
    const inStaffList = (list: ListAnswer) => list.data.find((f) => f.uuid === field.uuid);
    expect(inStaffList(await changedList(admin.http, staffList.etag))?.title).toBe('Staff title');

    // The staff list shows each field's owner: a changed name is in its next answer.
    staffList = await warmList(admin.http);
    const renamed = await customer.http.put('/api/user/update', { firstName: 'Elena', lastName: 'Papadaki' });
    expect(renamed.statusCode).toBe(200);
    expect(inStaffList(await changedList(admin.http, staffList.etag))?.owner?.firstName).toBe('Elena');

    staffList = await warmList(admin.http);
    expect((await customer.http.post('/api/field/delete', { uuid: field.uuid })).statusCode).toBe(201);
    expect(inStaffList(await changedList(admin.http, staffList.etag))).toBeUndefined();
  });

  it('follows a company membership change at once', async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const member = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const field = await createField(ctx, owner.user, { title: 'Company block' });
    const { list, etag } = await warmList(member.http);
    expect(list.data.map((f) => f.uuid)).toEqual([field.uuid]);

    const admin = await signedInClient(ctx, { role: 'admin' });
    const elsewhere = await createCompany(ctx);
    const moved = await admin.http.put('/api/user/update', {
      uuid: member.user.uuid,
      firstName: 'Nikos',
      lastName: 'Other',
      updateOtherUser: true,
      companyId: elsewhere.id,
    });
    expect(moved.statusCode).toBe(200);
    expect((await changedList(member.http, etag)).data).toEqual([]);
    // The company's own list is unchanged by it, and still answered from its tag.
    const ownerList = await owner.http.get('/api/fields');
    expect(ownerList.json().data.map((f: { uuid: string }) => f.uuid)).toEqual([field.uuid]);
  });

  it("never answers one viewer with another's list, colleagues included", async () => {
    const company = await createCompany(ctx);
    const first = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const second = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const stranger = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, first.user, { title: 'Shared block' });
    await createField(ctx, stranger.user, { title: 'Stranger block' });
    // A cart item is its owner's alone, even on a field the company shares.
    const cartItem = await createReport(ctx, first.user, field, { status: 'pending' });

    for (let round = 0; round < 2; round++) {
      const [a, b, c] = await Promise.all(
        [first, second, stranger].map(
          async ({ http }) => (await http.get('/api/fields')).json() as ListAnswer,
        ),
      );
      expect(a?.data[0]?.Reports.map((r) => r.uuid)).toEqual([cartItem.uuid]);
      expect(b?.data.map((f) => f.title)).toEqual(['Shared block']);
      expect(b?.data[0]?.Reports).toEqual([]);
      expect(c?.data.map((f) => f.title)).toEqual(['Stranger block']);
    }
    const { etag } = await warmList(first.http);
    expect((await second.http.get('/api/fields', { headers: { 'if-none-match': etag } })).statusCode).toBe(
      200,
    );
  });

  it('checks the permission before any cached answer', async () => {
    const { user, password } = await createUser(ctx, { role: 'drone_admin' });
    const http = client(ctx.app);
    expect((await http.post('/api/user/login', { email: user.email, password })).statusCode).toBe(200);
    expect((await http.get('/api/fields')).statusCode).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB === 'pglite')(
  'two API processes on one PostgreSQL',
  () => {
    it("a write through one is in the other's next answer", async () => {
      const second = await createTestApp({ sharing: ctx });
      try {
        const { user, password } = await createUser(ctx, { role: 'b2c_admin' });
        const field = await createField(ctx, user, { title: 'Before' });
        const [here, there] = [client(ctx.app), client(second.app)];
        for (const http of [here, there]) {
          expect((await http.post('/api/user/login', { email: user.email, password })).statusCode).toBe(200);
        }
        let { etag } = await warmList(there);
        expect((await here.post('/api/field/update', fieldEdit(field.uuid, 'After'))).statusCode).toBe(201);
        expect((await changedList(there, etag)).data[0]?.title).toBe('After');

        ({ etag } = await warmList(there));
        const report = await createReport(ctx, user, field);
        expect((await changedList(there, etag)).data[0]?.Reports.map((r) => r.uuid)).toEqual([report.uuid]);
      } finally {
        await second.close();
      }
    });
  },
);
