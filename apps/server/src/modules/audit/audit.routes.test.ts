import { type AuditPageView, ROLES } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createDroneOrganisation,
  createField,
  createOrder,
  createReport,
  createShoot,
  createUser,
  signedInClient,
} from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /audit', () => {
  it('answers 403 to every role but admin, and 401 without a session', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const { http } = await signedInClient(ctx, { role });
      expect((await http.get('/api/audit')).statusCode, role).toBe(403);
    }
    expect((await client(ctx.app).get('/api/audit')).statusCode).toBe(401);
  });

  it('records who changed what, newest first, a page at a time', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await signedInClient(fresh, { role: 'admin', firstName: 'Anna', lastName: 'Admin' });
      const finance = await signedInClient(fresh, {
        role: 'financial_admin',
        firstName: 'Fotis',
        lastName: 'Finance',
      });
      const { user: customer } = await createUser(fresh, { role: 'b2b_admin' });
      const order = await createOrder(fresh, customer);

      // Order status by a financial admin (who may change it but not read the log); a repeat changes nothing.
      expect(
        (await finance.http.put('/api/orders', { orderUuid: order.uuid, status: 'complete' })).statusCode,
      ).toBe(200);
      await finance.http.put('/api/orders', { orderUuid: order.uuid, status: 'complete' });

      // Coupons.
      expect(
        (await admin.http.post('/api/coupons', { code: 'harvest', discountPercent: 15 })).statusCode,
      ).toBe(201);
      expect((await admin.http.put('/api/coupons/HARVEST/deactivate')).statusCode).toBe(200);

      // Shoot assignment.
      const field = await createField(fresh, customer, { title: 'Nemea East' });
      const report = await createReport(fresh, customer, field, { status: 'processing_pending' });
      const shoot = await createShoot(fresh, report, { dateStart: '2030-05-01', dateEnd: '2030-05-10' });
      const organisation = await createDroneOrganisation(fresh, 0);
      const assigned = await admin.http.put(`/api/shoot/${shoot.uuid}`, {
        droneAdminId: organisation.admin.user.id,
      });
      expect(assigned.statusCode).toBe(200);

      // Users: an invitation and a role change.
      const company = await createCompany(fresh);
      const invited = await admin.http.post('/api/users', {
        firstName: 'Irini',
        lastName: 'Invited',
        email: 'irini@example.com',
        role: 'b2b_user',
        companyId: company.id,
      });
      expect(invited.statusCode).toBe(201);
      const { user: member } = await createUser(fresh, { role: 'b2b_user', companyId: company.id });
      const edited = await admin.http.put('/api/user/update', {
        uuid: member.uuid,
        firstName: 'Nikos',
        lastName: member.lastName,
        role: 'b2b_admin',
        updateOtherUser: true,
      });
      expect(edited.statusCode).toBe(200);

      const log = (await admin.http.get('/api/audit')).json<AuditPageView>();
      expect(log.total).toBe(6);
      expect(log.data.map((entry) => entry.action)).toEqual([
        'user.update',
        'user.create',
        'shoot.assign',
        'coupon.deactivate',
        'coupon.create',
        'order.status',
      ]);
      const [userUpdate, userCreate, assignment, , couponCreate, orderStatus] = log.data;
      expect(orderStatus).toMatchObject({
        actor: { uuid: finance.user.uuid, name: 'Fotis Finance', role: 'financial_admin' },
        target: { type: 'order', id: order.uuid, label: `#${order.id}` },
        details: { from: 'pending_payment', to: 'complete' },
      });
      expect(couponCreate).toMatchObject({
        actor: { name: 'Anna Admin', role: 'admin' },
        target: { type: 'coupon', id: 'HARVEST' },
        details: { discountPercent: 15 },
      });
      expect(assignment).toMatchObject({
        target: { type: 'shoot', id: shoot.uuid, label: 'Nemea East' },
        details: { slot: 'drone_admin', uuid: organisation.admin.user.uuid },
      });
      expect(userCreate).toMatchObject({
        target: { type: 'user', label: 'Irini Invited' },
        details: { role: 'b2b_user', company: company.title },
      });
      expect(userUpdate).toMatchObject({
        target: { type: 'user', id: member.uuid, label: `Nikos ${member.lastName}` },
        details: { changed: ['firstName'], role: { from: 'b2b_user', to: 'b2b_admin' } },
      });
      expect(Date.parse(orderStatus?.at ?? '')).toBeGreaterThan(0);

      const second = (await admin.http.get('/api/audit?page=2&pageSize=4')).json<AuditPageView>();
      expect(second).toMatchObject({ page: 2, pageSize: 4, total: 6 });
      expect(second.data.map((entry) => entry.action)).toEqual(['coupon.create', 'order.status']);
      const coupons = (await admin.http.get('/api/audit?action=coupon.create')).json<AuditPageView>();
      expect(coupons.data.map((entry) => entry.target.id)).toEqual(['HARVEST']);
      expect((await admin.http.get('/api/audit?action=nothing')).statusCode).toBe(400);
      expect((await admin.http.get('/api/audit?pageSize=500')).statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('keeps an entry readable after the actor account is deleted', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await signedInClient(fresh, { role: 'admin' });
      const leaving = await signedInClient(fresh, { role: 'admin', firstName: 'Leonidas', lastName: 'Left' });
      await leaving.http.post('/api/coupons', { code: 'BYE', discountPercent: 5 });
      const deleted = await leaving.http.put('/api/user/delete/account', { email: leaving.user.email });
      expect(deleted.statusCode).toBe(200);
      const [entry] = (await admin.http.get('/api/audit')).json<AuditPageView>().data;
      expect(entry?.actor).toEqual({ uuid: null, name: 'Leonidas Left', role: 'admin' });
    } finally {
      await fresh.close();
    }
  });
});
