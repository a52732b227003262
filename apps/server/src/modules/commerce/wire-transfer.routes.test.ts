import { COMMERCE_MESSAGES as M } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createField, signedInClient, validAddress } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  // A server whose operator has not set the bank details yet.
  ctx = await createTestApp({ env: { BANK_NAME: '', BANK_IBAN: '', BANK_BIC: '' } });
});
afterAll(async () => {
  await ctx?.close();
});

describe('wire transfer without bank details', () => {
  it('publishes no placeholder details and says wire transfer is unavailable', async () => {
    const response = await ctx.app.inject({ url: '/api/config/public' });
    expect(response.json().paymentMethods).toMatchObject({
      bankName: null,
      iban: null,
      bic: null,
      wireTransfer: false,
    });
    expect(response.body).not.toContain('Set BANK_');
  });

  it('refuses to place an order that could not be paid, with a clear message, and keeps the cart', async () => {
    const { http, user } = await signedInClient(ctx, { role: 'b2c_admin', mobile: '6912345678' });
    const field = await createField(ctx, user, { hectares: 2 });
    expect(
      (await http.post('/api/field/shoot/create', { fieldUuid: field.uuid, service: 'manual', shoots: 3 }))
        .statusCode,
    ).toBe(201);
    const address = (await http.post('/api/user/address', validAddress())).json().address.id;
    const refused = await http.post('/api/orders/create', {
      cartItems: [{ fieldId: field.id, service: 'manual' }],
      billingAddress: address,
      transactionType: 0,
      paymentMethod: 'wire_transfer',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe(M.wireTransferUnavailable);
    const cart = (await http.get('/api/fields?type=cart')).json();
    expect(JSON.stringify(cart)).toContain(field.uuid);
  });
});
