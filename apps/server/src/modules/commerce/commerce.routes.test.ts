import {
  type CartView,
  type FieldView,
  hectares,
  COMMERCE_MESSAGES as M,
  type OrderView,
  priceBreakdown,
  reportPrice,
} from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createCoupon,
  createField,
  signedInClient,
  validAddress,
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

const MOBILE = { mobile: '6912345678' };
const msgOf = (response: { json(): { errors: { msg: string }[] } }) => response.json().errors[0]?.msg;

async function customer(overrides: Parameters<typeof signedInClient>[1] = {}) {
  return signedInClient(ctx, { role: 'b2c_admin', ...MOBILE, ...overrides });
}

const cartOf = async (http: Client): Promise<CartView> => (await http.get('/api/fields?type=cart')).json();

async function addressId(http: Client): Promise<number> {
  const response = await http.post('/api/user/address', validAddress());
  if (response.statusCode !== 201) throw new Error(`address failed: ${response.body}`);
  return response.json().address.id;
}

async function addToCart(http: Client, fieldUuid: string, service: 'e2e' | 'manual', shoots: number) {
  const response = await http.post('/api/field/shoot/create', { fieldUuid, service, shoots });
  if (response.statusCode !== 201) throw new Error(`add to cart failed: ${response.body}`);
}

/** A customer with an address and a cart of one E2E field of `ha` hectares. */
async function customerWithCart(ha = 6) {
  const client = await customer();
  const field = await createField(ctx, client.user, { hectares: ha });
  await addToCart(client.http, field.uuid, 'e2e', 3);
  const billingAddress = await addressId(client.http);
  const order = {
    cartItems: [{ fieldId: field.id, service: 'e2e' }],
    billingAddress,
    transactionType: 0,
    paymentMethod: 'wire_transfer',
  };
  return { ...client, field, billingAddress, order };
}

describe('cart', () => {
  it('adds a package, shows it priced in the cart and in the field, and refuses it twice', async () => {
    const { http, user } = await customer();
    const field = await createField(ctx, user, { hectares: 2 });
    const added = await http.post('/api/field/shoot/create', {
      fieldUuid: field.uuid,
      service: 'manual',
      shoots: 6,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ msg: 'Package successfully added to cart.' });

    const cart = await cartOf(http);
    expect(cart.cartItems).toEqual([
      expect.objectContaining({
        fieldId: field.id,
        fieldUuid: field.uuid,
        service: 'manual',
        shoots: 6,
        hectares: hectares(field.area),
        price: reportPrice('manual', 6, field.area),
      }),
    ]);
    expect(cart.cartItems[0]?.reports).toHaveLength(6);
    expect(cart.data).toHaveLength(1);
    expect(cart.data[0]?.Reports.every((report) => report.status === 'pending')).toBe(true);
    expect(cart.totals).toEqual(priceBreakdown(reportPrice('manual', 6, field.area)));

    const listed: FieldView[] = (await http.get('/api/fields')).json().data;
    expect(listed[0]?.Reports).toHaveLength(6);

    const again = await http.post('/api/field/shoot/create', {
      fieldUuid: field.uuid,
      service: 'e2e',
      shoots: 3,
    });
    expect(again.statusCode).toBe(409);
    expect(msgOf(again)).toBe('Already added to cart');
  });

  it('refuses unpriced packages, E2E on tiny fields, unknown keys and fields of others', async () => {
    const { http, user } = await customer();
    const tiny = await createField(ctx, user, { hectares: 0.1 });
    const big = await createField(ctx, user, { hectares: 1 });
    const e2eTiny = await http.post('/api/field/shoot/create', {
      fieldUuid: tiny.uuid,
      service: 'e2e',
      shoots: 3,
    });
    expect(e2eTiny.statusCode).toBe(400);
    expect(msgOf(e2eTiny)).toBe('End to End is available for fields of at least 0.2 hectares');
    const manualTiny = await http.post('/api/field/shoot/create', {
      fieldUuid: tiny.uuid,
      service: 'manual',
      shoots: 3,
    });
    expect(manualTiny.statusCode).toBe(201);

    const unpriced = await http.post('/api/field/shoot/create', {
      fieldUuid: big.uuid,
      service: 'e2e',
      shoots: 6,
    });
    expect(unpriced.statusCode).toBe(400);
    expect(msgOf(unpriced)).toBe(M.noPackage);
    const extra = await http.post('/api/field/shoot/create', {
      fieldUuid: big.uuid,
      service: 'e2e',
      shoots: 3,
      price: 0,
    });
    expect(extra.statusCode).toBe(400);

    const other = await customer();
    const foreign = await other.http.post('/api/field/shoot/create', {
      fieldUuid: big.uuid,
      service: 'e2e',
      shoots: 3,
    });
    expect(foreign.statusCode).toBe(404);
    expect(msgOf(foreign)).toBe('Field not found');

    const viewer = await signedInClient(ctx, { role: 'b2c_user' });
    const forbidden = await viewer.http.post('/api/field/shoot/create', {
      fieldUuid: big.uuid,
      service: 'e2e',
      shoots: 3,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('adds several fields at once, needs at least one, and deletes a group', async () => {
    const { http, user } = await customer();
    const a = await createField(ctx, user, { hectares: 1 });
    const b = await createField(ctx, user, { hectares: 2 });
    const none = await http.post('/api/field/shoot/createMultipleReports', { selectedFields: {} });
    expect(none.statusCode).toBe(400);
    expect(msgOf(none)).toBe('Please select at least one field');

    const both = await http.post('/api/field/shoot/createMultipleReports', {
      selectedFields: { [a.uuid]: { shoots: 3, service: 'e2e' }, [b.uuid]: { shoots: 3, service: 'manual' } },
    });
    expect(both.statusCode).toBe(201);
    expect(both.json().data.data).toBe('OK');
    expect((await cartOf(http)).cartItems).toHaveLength(2);

    // One field already in the cart refuses the whole request.
    const c = await createField(ctx, user, { hectares: 1 });
    const partly = await http.post('/api/field/shoot/createMultipleReports', {
      selectedFields: { [c.uuid]: { shoots: 3, service: 'e2e' }, [a.uuid]: { shoots: 3, service: 'e2e' } },
    });
    expect(partly.statusCode).toBe(409);
    expect((await cartOf(http)).cartItems).toHaveLength(2);

    const other = await customer();
    const foreignDelete = await other.http.put('/api/field/reports/delete', {
      fieldId: a.id,
      service: 'e2e',
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await cartOf(other.http)).cartItems).toEqual([]);

    const deleted = await http.put('/api/field/reports/delete', { fieldId: a.id, service: 'e2e' });
    expect(deleted.statusCode).toBe(200);
    const cart = await cartOf(http);
    expect(cart.cartItems.map((item) => item.fieldId)).toEqual([b.id]);
    const again = await http.put('/api/field/reports/delete', { fieldId: a.id, service: 'e2e' });
    expect(again.statusCode).toBe(404);
  });

  it('lets a b2b colleague see the field but keeps each cart its own', async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const field = await createField(ctx, owner.user, { hectares: 1 });
    await addToCart(colleague.http, field.uuid, 'manual', 3);
    expect((await cartOf(owner.http)).cartItems).toEqual([]);
    expect((await cartOf(colleague.http)).cartItems).toHaveLength(1);
    const dup = await owner.http.post('/api/field/shoot/create', {
      fieldUuid: field.uuid,
      service: 'e2e',
      shoots: 3,
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('coupons', () => {
  it('answers every lookup message', async () => {
    const { http, user } = await customer();
    await addToCart(http, (await createField(ctx, user, { hectares: 3 })).uuid, 'manual', 3);

    const missing = await http.get('/api/coupon/code/NOPE-123');
    expect(missing.statusCode).toBe(404);
    expect(msgOf(missing)).toBe(M.couponNotFound);

    const expired = await createCoupon(ctx, { validTo: new Date(Date.now() - 86_400_000) });
    expect(msgOf(await http.get(`/api/coupon/code/${expired.code}`))).toBe(M.couponNotValidNow);
    const future = await createCoupon(ctx, { validFrom: new Date(Date.now() + 86_400_000) });
    expect(msgOf(await http.get(`/api/coupon/code/${future.code}`))).toBe(M.couponNotValidNow);

    const limited = await createCoupon(ctx, { minTotalHectares: 3 });
    const below = await http.get(`/api/coupon/code/${limited.code}`);
    expect(below.statusCode).toBe(400);
    expect(msgOf(below)).toBe('Total number of hectares in cart below the limit of coupon');

    const ok = await createCoupon(ctx, { discountPercent: 15, minTotalHectares: 2 });
    const accepted = await http.get(`/api/coupon/code/${ok.code.toLowerCase()}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      code: ok.code,
      discountPercent: 15,
      details: { minTotalHectares: 2 },
      waivesE2eMinimum: false,
    });
  });

  it('is used once a year', async () => {
    const { http, order } = await customerWithCart();
    const coupon = await createCoupon(ctx, { discountPercent: 20 });
    const placed = await http.post('/api/orders/create', { ...order, couponCode: coupon.code });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.coupon).toEqual({ code: coupon.code, discountPercent: 20 });
    const again = await http.get(`/api/coupon/code/${coupon.code}`);
    expect(msgOf(again)).toBe(M.couponUsedThisYear);
  });

  it('is created, listed and deactivated by administrators only', async () => {
    const admin = await signedInClient(ctx, { role: 'financial_admin' });
    const created = await admin.http.post('/api/coupons', {
      code: 'harvest25',
      discountPercent: 25,
      minTotalHectares: 10,
      waivesE2eMinimum: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ code: 'HARVEST25', active: true, waivesE2eMinimum: true });
    expect(
      (await admin.http.post('/api/coupons', { code: 'HARVEST25', discountPercent: 5 })).statusCode,
    ).toBe(409);
    const list = (await admin.http.get('/api/coupons')).json().data as { code: string }[];
    expect(list.map((c) => c.code)).toContain('HARVEST25');

    const { http } = await customer();
    expect((await http.get('/api/coupons')).statusCode).toBe(403);
    expect((await http.post('/api/coupons', { code: 'FREE', discountPercent: 100 })).statusCode).toBe(403);
    expect((await http.put('/api/coupons/HARVEST25/deactivate')).statusCode).toBe(403);

    const off = await admin.http.put('/api/coupons/harvest25/deactivate');
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect(msgOf(await http.get('/api/coupon/code/HARVEST25'))).toBe(M.couponNotFound);
  });
});

describe('orders', () => {
  it('computes the totals itself, ignoring tampered client totals, and empties the cart', async () => {
    const { http, field, order } = await customerWithCart(6);
    const response = await http.post('/api/orders/create', {
      ...order,
      cartItems: [{ ...order.cartItems[0], price: 1, hectares: 0.01 }],
      total: 1,
      finalPrice: 1,
    });
    expect(response.statusCode).toBe(201);
    const placed: OrderView = response.json().data;
    const expected = priceBreakdown(reportPrice('e2e', 3, field.area));
    expect(placed).toMatchObject({
      status: 'pending_payment',
      transactionType: 'receipt',
      paymentMethod: 'wire_transfer',
      total: expected.originalPrice,
      finalPrice: expected.finalPrice,
      discountPercent: expected.discountPercent,
      coupon: null,
      numOfReport: 3,
      billingAddress: expect.objectContaining({ city: 'Nemea', line_1: '12 Vineyard Road' }),
    });
    expect(placed.total).toBeGreaterThan(1);
    expect(placed.Reports.every((r) => r.status === 'pending_payment' && r.Fields?.id === field.id)).toBe(
      true,
    );
    expect((await cartOf(http)).cartItems).toEqual([]);
    const twice = await http.post('/api/orders/create', order);
    expect(twice.statusCode).toBe(400);
    expect(msgOf(twice)).toBe(M.noCartItems);
  });

  it('refuses unknown keys, groups not in the cart, and missing addresses', async () => {
    const { http, order } = await customerWithCart(6);
    expect((await http.post('/api/orders/create', { ...order, discount: 100 })).statusCode).toBe(400);
    const notInCart = await http.post('/api/orders/create', {
      ...order,
      cartItems: [{ fieldId: order.cartItems[0]?.fieldId, service: 'manual' }],
    });
    expect(msgOf(notInCart)).toBe(M.cartItemNotFound);
    const noAddress = await http.post('/api/orders/create', { ...order, billingAddress: null });
    expect(noAddress.statusCode).toBe(400);
    expect(msgOf(noAddress)).toBe('No Address');
    const other = await customer();
    const foreignAddress = await http.post('/api/orders/create', {
      ...order,
      billingAddress: await addressId(other.http),
    });
    expect(msgOf(foreignAddress)).toBe('No Address');
    const invoice = await http.post('/api/orders/create', { ...order, transactionType: 1 });
    expect(msgOf(invoice)).toBe(M.invoiceB2bOnly);
  });

  it('needs 5 hectares for E2E unless the coupon waives it', async () => {
    const { http, order } = await customerWithCart(2);
    const refused = await http.post('/api/orders/create', order);
    expect(refused.statusCode).toBe(400);
    expect(msgOf(refused)).toBe('You need at least 5 hectares to proceed in case of E2E reports');
    const plain = await createCoupon(ctx);
    expect(msgOf(await http.post('/api/orders/create', { ...order, couponCode: plain.code }))).toBe(
      M.e2eMinimum,
    );
    const waiver = await createCoupon(ctx, { waivesE2eMinimum: true, discountPercent: 0 });
    const accepted = await http.post('/api/orders/create', { ...order, couponCode: waiver.code });
    expect(accepted.statusCode).toBe(201);
  });

  it('asks a b2c_admin without a mobile number for one', async () => {
    const { http, user } = await customer({ mobile: null });
    const field = await createField(ctx, user, { hectares: 1 });
    await addToCart(http, field.uuid, 'manual', 3);
    const response = await http.post('/api/orders/create', {
      cartItems: [{ fieldId: field.id, service: 'manual' }],
      billingAddress: await addressId(http),
      transactionType: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(msgOf(response)).toBe('Please provide us your mobile number to proceed.');
  });

  it('takes b2b invoices with invoice details', async () => {
    const company = await createCompany(ctx);
    const { http, user } = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const field = await createField(ctx, user, { hectares: 1 });
    await addToCart(http, field.uuid, 'manual', 3);
    const base = { cartItems: [{ fieldId: field.id, service: 'manual' }], transactionType: 1 };
    expect(msgOf(await http.post('/api/orders/create', base))).toBe(M.invoiceDetailsRequired);
    const paymentDetails = {
      firmTitle: 'Domaine Nemea',
      firmActivity: 'Wine making',
      vatId: 'EL123456789',
      email: 'billing@example.com',
      telephone: 2746012345,
      city: 'Nemea',
      address: '12 Vineyard Road',
      zipCode: '205 00',
      taxAuthority: 'Korinthos',
      state: 'Corinthia',
      country: 'Greece',
    };
    const response = await http.post('/api/orders/create', { ...base, paymentDetails });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      transactionType: 'invoice',
      paymentDetails: { vatId: 'EL123456789', telephone: '2746012345' },
      billingAddress: null,
    });
  });

  it('creates exactly one order for 20 parallel submissions with one idempotency key', async () => {
    const { http, user, order } = await customerWithCart(6);
    const key = 'checkout-7f3e2a91';
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? http.post('/api/orders/create', order, { headers: { 'idempotency-key': key } })
          : http.post('/api/orders/create', { ...order, idempotencyKey: key }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.json().data.uuid)).size).toBe(1);
    const orders: OrderView[] = (await http.get('/api/orders')).json().data;
    expect(orders).toHaveLength(1);
    expect(orders[0]?.user.email).toBe(user.email);
  });

  it('shows customers their own orders only; administrators see and complete all', async () => {
    const a = await customerWithCart(6);
    const b = await customerWithCart(7);
    const placedA: OrderView = (await a.http.post('/api/orders/create', a.order)).json().data;
    const placedB: OrderView = (await b.http.post('/api/orders/create', b.order)).json().data;
    expect(((await a.http.get('/api/orders')).json().data as OrderView[]).map((o) => o.uuid)).toEqual([
      placedA.uuid,
    ]);
    expect(((await b.http.get('/api/orders')).json().data as OrderView[]).map((o) => o.uuid)).toEqual([
      placedB.uuid,
    ]);
    expect(
      (await a.http.put('/api/orders', { orderUuid: placedB.uuid, status: 'complete' })).statusCode,
    ).toBe(403);

    const admin = await signedInClient(ctx, { role: 'admin' });
    const all = ((await admin.http.get('/api/orders')).json().data as OrderView[]).map((o) => o.uuid);
    expect(all).toEqual(expect.arrayContaining([placedA.uuid, placedB.uuid]));

    const before = Date.now();
    const done = await admin.http.put('/api/orders', { orderUuid: placedA.uuid, status: 'complete' });
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toBe('Order Status updated Successfully.');
    const [completed] = (await a.http.get('/api/orders')).json().data as OrderView[];
    expect(completed?.status).toBe('complete');
    for (const report of completed?.Reports ?? []) {
      expect(report.status).toBe('processing');
      const from = Date.parse(report.validFrom ?? '');
      const to = new Date(report.validTo ?? '');
      expect(from).toBeGreaterThanOrEqual(before - 1000);
      const oneYearLater = new Date(from);
      oneYearLater.setUTCFullYear(oneYearLater.getUTCFullYear() + 1);
      expect(to.getTime()).toBe(oneYearLater.getTime());
    }
    const back = await admin.http.put('/api/orders', { orderUuid: placedA.uuid, status: 'pending_payment' });
    expect(back.statusCode).toBe(200);
    const [reverted] = (await a.http.get('/api/orders')).json().data as OrderView[];
    expect(reverted?.Reports.every((r) => r.status === 'pending_payment' && r.validFrom === null)).toBe(true);

    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    expect((await operations.http.get('/api/orders')).statusCode).toBe(200);
    expect(
      (await operations.http.put('/api/orders', { orderUuid: placedA.uuid, status: 'complete' })).statusCode,
    ).toBe(403);
    const missing = await admin.http.put('/api/orders', {
      orderUuid: '00000000-0000-4000-8000-000000000000',
      status: 'complete',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the order readable after its field is deleted', async () => {
    const { http, field, order } = await customerWithCart(6);
    await http.post('/api/orders/create', order);
    expect((await http.post('/api/field/delete', { uuid: field.uuid })).statusCode).toBe(201);
    const [kept] = (await http.get('/api/orders')).json().data as OrderView[];
    expect(kept?.Reports[0]).toMatchObject({ Fields: null, fieldTitle: field.title, fieldArea: field.area });
  });
});

describe('PUT /orders with the spec key', () => {
  it('accepts `order` as well as `orderUuid`, and refuses a body naming no order or two', async () => {
    const customerA = await customerWithCart(6);
    const placed: OrderView = (await customerA.http.post('/api/orders/create', customerA.order)).json().data;
    const admin = await signedInClient(ctx, { role: 'admin' });
    const done = await admin.http.put('/api/orders', { order: placed.uuid, status: 'complete' });
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toBe('Order Status updated Successfully.');
    const [completed] = (await customerA.http.get('/api/orders')).json().data as OrderView[];
    expect(completed?.status).toBe('complete');

    const none = await admin.http.put('/api/orders', { status: 'complete' });
    expect(none.statusCode).toBe(400);
    const other = await customerWithCart(6);
    const placedOther: OrderView = (await other.http.post('/api/orders/create', other.order)).json().data;
    const two = await admin.http.put('/api/orders', {
      order: placed.uuid,
      orderUuid: placedOther.uuid,
      status: 'complete',
    });
    expect(two.statusCode).toBe(400);
  });
});
