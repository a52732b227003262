import type { UsersAnswer } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createDroneOrganisation, createUser, signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, linkIn, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sofia',
  lastName: 'Karra',
  email: `invited-${Math.random().toString(36).slice(2)}@example.com`,
  role: 'b2b_user',
  ...overrides,
});

describe('the users list', () => {
  it('staff see everyone (first-name search ignores case); b2b and drone admins their company; others nobody', async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, {
      role: 'b2b_admin',
      companyId: company.id,
      firstName: 'Katerina',
    });
    const member = await createUser(ctx, { role: 'b2b_user', companyId: company.id, firstName: 'Xenia' });
    const outsider = await createUser(ctx, { role: 'b2b_user', firstName: 'Xanthi' });
    const staff = await signedInClient(ctx, { role: 'Marketing Admin' });
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const pilot = await signedInClient(ctx, { role: 'drone_operator' });

    const all = (await staff.http.get('/api/users?firstName=xAN')).json() as UsersAnswer;
    expect(all.data.map((u) => u.id)).toContain(outsider.user.id);
    expect(all.data.every((u) => u.firstName.toLowerCase().includes('xan'))).toBe(true);
    expect(all.grantableRoles).toEqual([]);

    const own = (await owner.http.get('/api/users')).json() as UsersAnswer;
    expect(own.data.map((u) => u.id).sort()).toEqual([owner.user.id, member.user.id].sort());
    expect(own.grantableRoles).toEqual(['b2b_user']);
    expect(own.data.find((u) => u.id === member.user.id)).toMatchObject({
      role: 'b2b_user',
      editable: true,
      company: { id: company.id, title: company.title },
    });
    expect(own.data.find((u) => u.id === owner.user.id)?.editable).toBe(false);

    expect((await customer.http.get('/api/users')).statusCode).toBe(403);
    expect((await pilot.http.get('/api/users')).statusCode).toBe(403);
    expect((await owner.http.post('/api/user/find', { id: outsider.user.id })).statusCode).toBe(404);
    const found = await staff.http.post('/api/user/find', { id: outsider.user.uuid });
    expect(found.json().data).toMatchObject({
      id: outsider.user.id,
      firstName: 'Xanthi',
      invitationPending: false,
    });
  });
});

describe('Add User', () => {
  it('invites a user who sets a password through the e-mailed link', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const company = await createCompany(ctx);
    const body = newUser({ companyId: company.id, lang: 'el' });
    const created = await admin.http.post('/api/users', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      msg: 'User successfully added. An invitation e-mail has been sent.',
      data: { email: body.email, role: 'b2b_user', invitationPending: true, company: { id: company.id } },
    });
    expect((await admin.http.post('/api/users', body)).statusCode).toBe(409);

    const mail = await ctx.waitForMail(body.email, 'Έχετε προσκληθεί στο Ampelos');
    const token = linkIn(mail.text).split('/password_reset/')[1];
    const invited = client(ctx.app);
    const set = await invited.post(`/api/user/password_reset/${token}`, { password: 'Vineyard-2026' });
    expect(set.statusCode).toBe(200);
    const login = await invited.post('/api/user/login', { email: body.email, password: 'Vineyard-2026' });
    expect(login.statusCode).toBe(200);
    const after = await admin.http.post('/api/user/find', { id: created.json().data.id });
    expect(after.json().data).toMatchObject({ invitationPending: false, emailVerified: true });
  });

  it('gives only roles the caller may give, into its own company', async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const member = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const other = await createCompany(ctx);
    const organisation = await createDroneOrganisation(ctx, 0);
    const loner = await signedInClient(ctx, { role: 'b2b_admin' });

    expect((await owner.http.post('/api/users', newUser({ role: 'b2b_admin' }))).statusCode).toBe(403);
    expect((await owner.http.post('/api/users', newUser({ role: 'admin' }))).statusCode).toBe(403);
    expect((await owner.http.post('/api/users', newUser({ companyId: other.id }))).statusCode).toBe(403);
    const added = await member.http.post('/api/users', newUser());
    expect(added.statusCode).toBe(201);
    expect(added.json().data.company.id).toBe(company.id);
    const noCompany = await loner.http.post('/api/users', newUser());
    expect(noCompany.statusCode).toBe(400);

    const pilotAdded = await organisation.admin.http.post('/api/users', newUser({ role: 'drone_operator' }));
    expect(pilotAdded.statusCode).toBe(201);
    expect(pilotAdded.json().data.company.id).toBe(organisation.company.id);
    expect(
      (await organisation.admin.http.post('/api/users', newUser({ role: 'drone_admin' }))).statusCode,
    ).toBe(403);
    expect(
      (await (await signedInClient(ctx, { role: 'operation_admin' })).http.post('/api/users', newUser()))
        .statusCode,
    ).toBe(403);
  });

  it('an administrator adding a drone operator creates its organisation', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const created = await admin.http.post(
      '/api/users',
      newUser({ role: 'drone_admin', organisation: 'SkyVine Drones' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data.company).toMatchObject({ title: 'SkyVine Drones' });
    const companies = (await admin.http.get('/api/companies')).json().data;
    expect(companies.find((c: { title: string }) => c.title === 'SkyVine Drones')).toMatchObject({
      kind: 'drone_operator',
      userCount: 1,
    });
    // A customer company cannot hold drone roles.
    const customerCompany = await createCompany(ctx);
    const wrong = await admin.http.post(
      '/api/users',
      newUser({ role: 'drone_operator', companyId: customerCompany.id }),
    );
    expect(wrong.statusCode).toBe(400);
  });
});

describe('editing another user', () => {
  const edit = (body: Record<string, unknown>) => ({
    firstName: 'Nikos',
    lastName: 'Other',
    updateOtherUser: true,
    ...body,
  });

  it('never raises anyone above the editor and never reaches another company', async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const member = await createUser(ctx, { role: 'b2b_user', companyId: company.id });
    const coOwner = await createUser(ctx, { role: 'b2b_admin', companyId: company.id });
    const stranger = await createUser(ctx, { role: 'b2b_user', companyId: (await createCompany(ctx)).id });

    const ok = await owner.http.put(
      '/api/user/update',
      edit({ uuid: member.user.uuid, mobile: '6912345678' }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      msg: 'User successfully updated',
      data: { uuid: member.user.uuid, firstName: 'Nikos', mobile: '6912345678', role: 'b2b_user' },
    });
    const raise = await owner.http.put(
      '/api/user/update',
      edit({ uuid: member.user.uuid, role: 'b2b_admin' }),
    );
    expect(raise.statusCode).toBe(403);
    expect(raise.json().errors[0].msg).toBe('You cannot give this role');
    expect(
      (await owner.http.put('/api/user/update', edit({ uuid: member.user.uuid, role: 'admin' }))).statusCode,
    ).toBe(403);
    expect((await owner.http.put('/api/user/update', edit({ uuid: coOwner.user.uuid }))).statusCode).toBe(
      403,
    );
    expect((await owner.http.put('/api/user/update', edit({ uuid: stranger.user.uuid }))).statusCode).toBe(
      404,
    );
    expect(
      (await owner.http.put('/api/user/update', edit({ uuid: member.user.uuid, companyId: 1 }))).statusCode,
    ).toBe(403);
    // Nobody changes their own role.
    const self = await owner.http.put('/api/user/update', {
      firstName: 'Anna',
      lastName: 'Self',
      role: 'admin',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().errors[0].msg).toBe('You cannot change your own role');

    const pilotOrg = await createDroneOrganisation(ctx, 1);
    const otherOrg = await createDroneOrganisation(ctx, 1);
    const ownPilot = pilotOrg.pilots[0]?.user.uuid;
    expect((await pilotOrg.admin.http.put('/api/user/update', edit({ uuid: ownPilot }))).statusCode).toBe(
      200,
    );
    expect(
      (await pilotOrg.admin.http.put('/api/user/update', edit({ uuid: otherOrg.pilots[0]?.user.uuid })))
        .statusCode,
    ).toBe(404);
    expect(
      (await pilotOrg.admin.http.put('/api/user/update', edit({ uuid: ownPilot, role: 'drone_admin' })))
        .statusCode,
    ).toBe(403);

    // An administrator may change a role and the company.
    const admin = await signedInClient(ctx, { role: 'admin' });
    const promoted = await admin.http.put(
      '/api/user/update',
      edit({ uuid: member.user.uuid, role: 'b2b_admin' }),
    );
    expect(promoted.json().data.role).toBe('b2b_admin');
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    expect((await operations.http.put('/api/user/update', edit({ uuid: member.user.uuid }))).statusCode).toBe(
      403,
    );
  });
});
