import type { AddressView, CompanyAnswer, CompanyView } from '@ampelos/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  multipartFile,
  pngOf,
  signedInClient,
  validInvoiceDetails,
} from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const companyOf = async (http: Client): Promise<CompanyAnswer> => (await http.get('/api/company')).json();
const msgOf = (response: { json(): { errors: { msg: string; path?: string }[] } }) =>
  response.json().errors[0]?.msg;

async function uploadAvatar(http: Client, content: Buffer) {
  const upload = multipartFile('avatar', 'logo.png', content, 'image/png');
  return http.post('/api/company/avatar/upload', upload.payload, { headers: upload.headers });
}

describe('company and invoice details', () => {
  it('creates the company on the first save, links the user and updates it afterwards', async () => {
    const owner = await signedInClient(ctx, { role: 'b2b_admin' });
    expect(await companyOf(owner.http)).toEqual({ data: null });

    const saved = await owner.http.put('/api/company/update/invoice', validInvoiceDetails());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().msg).toBe('Invoice Details Updated!');
    const company: CompanyView = saved.json().data;
    expect(company).toMatchObject({
      title: 'Domaine Nemea',
      activity: 'Wine making',
      vatId: 'EL123456789',
      telephone: '2746012345',
      zipCode: '205 00',
      avatar: null,
      invoiceDetails: { ...validInvoiceDetails(), telephone: '2746012345' },
    });
    expect((await companyOf(owner.http)).data).toEqual(company);

    const renamed = await owner.http.put(
      '/api/company/update/invoice',
      validInvoiceDetails({ firmTitle: 'Ktima Nemea', vatId: 'EL999999999' }),
    );
    expect(renamed.json().data).toMatchObject({ id: company.id, title: 'Ktima Nemea', vatId: 'EL999999999' });
  });

  it('keeps the details as a billing address once when addBEAddress is set', async () => {
    const owner = await signedInClient(ctx, { role: 'b2b_admin' });
    const body = { ...validInvoiceDetails(), addBEAddress: true };
    expect((await owner.http.put('/api/company/update/invoice', body)).statusCode).toBe(200);
    expect((await owner.http.put('/api/company/update/invoice', body)).statusCode).toBe(200);
    const book: AddressView[] = (await owner.http.get('/api/user/address')).json().Addresses;
    expect(book).toEqual([
      expect.objectContaining({
        city: 'Nemea',
        country: 'Greece',
        state: 'Corinthia',
        zip_postcode: '205 00',
        line_1: '12 Vineyard Road',
        isBilling: true,
      }),
    ]);
  });

  it('answers the field rules with their messages and refuses unknown keys', async () => {
    const owner = await signedInClient(ctx, { role: 'b2b_admin' });
    const badVat = await owner.http.put('/api/company/update/invoice', validInvoiceDetails({ vatId: 'EL1' }));
    expect(badVat.statusCode).toBe(400);
    expect(badVat.json().errors).toContainEqual({
      msg: 'Must be 5 to 20 letters or digits',
      key: 'errors:validation.vatId',
      path: 'vatId',
    });
    const badCity = await owner.http.put(
      '/api/company/update/invoice',
      validInvoiceDetails({ city: 'Νεμέα' }),
    );
    expect(msgOf(badCity)).toBe('text must be 2 to 100 English characters');
    const badPhone = await owner.http.put(
      '/api/company/update/invoice',
      validInvoiceDetails({ telephone: '+30' }),
    );
    expect(msgOf(badPhone)).toBe('Must be a number');
    const extra = await owner.http.put('/api/company/update/invoice', { ...validInvoiceDetails(), id: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await companyOf(owner.http)).toEqual({ data: null });
  });

  it('lets colleagues read the company; only b2b_admin edits; b2c sees null; staff are refused', async () => {
    const company = await createCompany(ctx, { title: 'Shared Estate' });
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    expect((await companyOf(colleague.http)).data).toMatchObject({ id: company.id, title: 'Shared Estate' });
    expect((await colleague.http.put('/api/company/update/invoice', validInvoiceDetails())).statusCode).toBe(
      403,
    );

    const personal = await signedInClient(ctx, { role: 'b2c_admin' });
    expect(await companyOf(personal.http)).toEqual({ data: null });
    expect((await personal.http.put('/api/company/update/invoice', validInvoiceDetails())).statusCode).toBe(
      403,
    );

    for (const role of ['admin', 'drone_operator'] as const) {
      const staff = await signedInClient(ctx, { role });
      expect((await staff.http.get('/api/company')).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/company' })).statusCode).toBe(401);
  });
});

describe('company avatar', () => {
  it('decodes, resizes, serves and removes the avatar', async () => {
    const owner = await signedInClient(ctx, { role: 'b2b_admin' });
    await owner.http.put('/api/company/update/invoice', validInvoiceDetails());
    const uploaded = await uploadAvatar(owner.http, await pngOf(900, 500));
    expect(uploaded.statusCode).toBe(200);
    const { md, xs } = (uploaded.json().data as CompanyView).avatar ?? { md: '', xs: '' };
    const served = await ctx.app.inject({ url: md });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });
    expect((await sharp((await ctx.app.inject({ url: xs })).rawPayload).metadata()).width).toBe(64);
    expect((await companyOf(owner.http)).data?.avatar).toEqual({ md, xs });

    // A new upload replaces the files of the previous one.
    const replaced = await uploadAvatar(owner.http, await pngOf(300, 300));
    expect((replaced.json().data as CompanyView).avatar?.md).not.toBe(md);
    expect((await ctx.app.inject({ url: md })).statusCode).toBe(404);

    const newMd = (replaced.json().data as CompanyView).avatar?.md ?? '';
    const removed = await owner.http.put('/api/company/update/avatar', { avatar: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.avatar).toBeNull();
    expect((await ctx.app.inject({ url: newMd })).statusCode).toBe(404);
  });

  it('refuses non-images, images over 2 MB, callers without a company and non-admins', async () => {
    const owner = await signedInClient(ctx, { role: 'b2b_admin' });
    const noCompany = await uploadAvatar(owner.http, await pngOf(100, 100));
    expect(noCompany.statusCode).toBe(404);
    expect(msgOf(noCompany)).toBe('Company not found');

    await owner.http.put('/api/company/update/invoice', validInvoiceDetails());
    const fake = await uploadAvatar(owner.http, Buffer.from('not an image at all'));
    expect(fake.statusCode).toBe(400);
    expect(msgOf(fake)).toMatch(/not an image/);
    const big = await uploadAvatar(owner.http, Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(msgOf(big)).toBe('Please choose an image less than 2 MB');

    const company = (await companyOf(owner.http)).data;
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company?.id ?? null });
    expect((await uploadAvatar(colleague.http, await pngOf(100, 100))).statusCode).toBe(403);
    expect((await colleague.http.put('/api/company/update/avatar', { avatar: null })).statusCode).toBe(403);
  });
});
