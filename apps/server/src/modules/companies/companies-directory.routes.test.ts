import type { CompaniesAnswer, CompanyDetailAnswer } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createUser,
  multipartFile,
  pngOf,
  signedInClient,
  validInvoiceDetails,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the Companies screen', () => {
  it('staff list every company with user counts; b2b roles only their own; others are refused', async () => {
    const company = await createCompany(ctx, { activity: 'Wine making' });
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const member = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const otherCompany = await createCompany(ctx);
    const staff = await signedInClient(ctx, { role: 'financial_admin' });
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const droneAdmin = await signedInClient(ctx, { role: 'drone_admin' });

    const all = (await staff.http.get('/api/companies')).json() as CompaniesAnswer;
    expect(all.data.find((c) => c.id === company.id)).toMatchObject({
      title: company.title,
      activity: 'Wine making',
      kind: 'customer',
      userCount: 2,
    });
    expect(all.data.map((c) => c.id)).toContain(otherCompany.id);

    for (const b2b of [owner, member]) {
      const own = (await b2b.http.get('/api/companies')).json() as CompaniesAnswer;
      expect(own.data.map((c) => c.id)).toEqual([company.id]);
    }
    expect((await member.http.get(`/api/companies/${otherCompany.uuid}`)).statusCode).toBe(404);
    expect((await customer.http.get('/api/companies')).statusCode).toBe(403);
    expect((await droneAdmin.http.get('/api/companies')).statusCode).toBe(403);

    const detail = (await owner.http.get(`/api/companies/${company.uuid}`)).json() as CompanyDetailAnswer;
    expect(detail.data.users.map((u) => [u.id, u.role, u.editable])).toEqual([
      [owner.user.id, 'b2b_admin', false],
      [member.user.id, 'b2b_user', true],
    ]);
  });

  it('administrators add companies and set any company avatar', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const owner = await signedInClient(ctx, { role: 'b2b_admin' });
    const body = validInvoiceDetails({ firmTitle: 'Domaine Ktima', kind: 'customer' });
    expect((await owner.http.post('/api/companies', body)).statusCode).toBe(403);
    const created = await admin.http.post('/api/companies', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      msg: 'Company successfully created',
      data: {
        title: 'Domaine Ktima',
        vatId: 'EL123456789',
        invoiceDetails: { firmTitle: 'Domaine Ktima' },
        userCount: 0,
        users: [],
      },
    });
    const invalid = await admin.http.post('/api/companies', validInvoiceDetails({ vatId: '1' }));
    expect(invalid.statusCode).toBe(400);

    const uuid = created.json().data.uuid;
    const upload = multipartFile('avatar', 'logo.png', await pngOf(300, 300), 'image/png');
    const withAvatar = await admin.http.post(`/api/companies/${uuid}/avatar`, upload.payload, {
      headers: upload.headers,
    });
    expect(withAvatar.statusCode).toBe(200);
    expect(withAvatar.json().data.avatar).toMatchObject({ xs: expect.any(String), md: expect.any(String) });
    expect(
      (await owner.http.post(`/api/companies/${uuid}/avatar`, upload.payload, { headers: upload.headers }))
        .statusCode,
    ).toBe(403);
    const removed = await admin.http.put(`/api/companies/${uuid}/avatar`, { avatar: null });
    expect(removed.json().data.avatar).toBeNull();
    await createUser(ctx, { role: 'b2b_user', companyId: created.json().data.id });
    const listed = (await admin.http.get('/api/companies')).json() as CompaniesAnswer;
    expect(listed.data.find((c) => c.uuid === uuid)?.userCount).toBe(1);
  });
});
