import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, validAddress } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('address book', () => {
  it('adds, lists newest first, updates and deletes own addresses', async () => {
    const { http } = await signedInClient(ctx);
    expect((await http.get('/api/user/address')).json()).toEqual({ Addresses: [] });

    const first = await http.post('/api/user/address', validAddress());
    expect(first.statusCode).toBe(201);
    expect(first.json().address).toMatchObject({ city: 'Nemea', line_2: null, isBilling: true });
    const second = await http.post('/api/user/address', validAddress({ city: 'Naoussa', line_2: 'Floor 2' }));
    const list = (await http.get('/api/user/address')).json().Addresses;
    expect(list.map((a: { city: string }) => a.city)).toEqual(['Naoussa', 'Nemea']);

    const updated = await http.post('/api/user/update/address', {
      ...validAddress({ city: 'Santorini' }),
      prevAddressId: first.json().address.id,
    });
    expect(updated.statusCode).toBe(201);
    expect(updated.json().address.city).toBe('Santorini');

    const deleted = await http.put('/api/user/delete/address', { prevAddressId: second.json().address.id });
    expect(deleted.statusCode).toBe(200);
    expect((await http.get('/api/user/address')).json().Addresses).toHaveLength(1);
  });

  it('validates each field with its message', async () => {
    const { http } = await signedInClient(ctx);
    const response = await http.post('/api/user/address', validAddress({ city: 'Ν', zip_postcode: 'ABC' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { msg: 'text must be 2 to 100 English characters', key: 'errors:validation.englishText', path: 'city' },
      {
        msg: 'Must be 2 to 10 digits, hyphens or spaces',
        key: 'errors:validation.zipCode',
        path: 'zip_postcode',
      },
    ]);
    const missing = await http.post('/api/user/address', { city: 'Nemea' });
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['country', 'state', 'zip_postcode', 'line_1']),
    );
  });

  it("cannot touch another user's address", async () => {
    const owner = await signedInClient(ctx);
    const intruder = await signedInClient(ctx);
    const { address } = (await owner.http.post('/api/user/address', validAddress())).json();
    const update = await intruder.http.post('/api/user/update/address', {
      ...validAddress(),
      prevAddressId: address.id,
    });
    expect(update.statusCode).toBe(404);
    expect(
      (await intruder.http.put('/api/user/delete/address', { prevAddressId: address.id })).statusCode,
    ).toBe(404);
    expect((await owner.http.get('/api/user/address')).json().Addresses).toHaveLength(1);
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ url: '/api/user/address' });
    expect(response.statusCode).toBe(401);
  });
});
