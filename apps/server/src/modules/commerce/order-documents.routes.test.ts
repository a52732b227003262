import {
  type NotificationsAnswer,
  type OrderView,
  priceBreakdown,
  reportPrice,
  vatOf,
} from '@ampelos/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../platform/db/schema.ts';
import {
  createCoupon,
  createField,
  signedInClient,
  validAddress,
  validInvoiceDetails,
} from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { hasPoppler, pdfInfo, pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { formatMoney } from './order-texts.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { BANK_IBAN: 'GR1601101250000000012300695', SALES_EMAIL: 'sales@example.com' },
  });
});
afterAll(async () => {
  await ctx?.close();
});

type Overrides = Parameters<typeof signedInClient>[1];

async function addToCart(http: Client, fieldUuid: string, service: 'e2e' | 'manual', shoots: number) {
  const response = await http.post('/api/field/shoot/create', { fieldUuid, service, shoots });
  if (response.statusCode !== 201) throw new Error(`add to cart failed: ${response.body}`);
}

/** A customer who bought an E2E field and a BYOI field (receipt, or invoice for b2b with `invoice`). */
async function customerWithOrder(
  overrides: Overrides = {},
  options: { coupon?: number; invoice?: object; before?: (http: Client) => Promise<unknown> } = {},
) {
  const client = await signedInClient(ctx, { role: 'b2c_admin', mobile: '6912345678', ...overrides });
  await options.before?.(client.http);
  const vines = await createField(ctx, client.user, { hectares: 6, title: 'Αμπέλι Νεμέας' });
  const hill = await createField(ctx, client.user, { hectares: 2, title: 'Hill Block' });
  await addToCart(client.http, vines.uuid, 'e2e', 3);
  await addToCart(client.http, hill.uuid, 'manual', 6);
  const coupon = options.coupon ? await createCoupon(ctx, { discountPercent: options.coupon }) : undefined;
  const cartItems = [
    { fieldId: vines.id, service: 'e2e' },
    { fieldId: hill.id, service: 'manual' },
  ];
  const body = options.invoice
    ? { cartItems, transactionType: 1, paymentDetails: options.invoice }
    : {
        cartItems,
        transactionType: 0,
        billingAddress: (await client.http.post('/api/user/address', validAddress())).json().address.id,
      };
  const placed = await client.http.post('/api/orders/create', { ...body, couponCode: coupon?.code });
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.body}`);
  const order: OrderView = placed.json().data;
  const original = reportPrice('e2e', 3, vines.area) + reportPrice('manual', 6, hill.area);
  return { ...client, order, vines, hill, expected: priceBreakdown(original, options.coupon ?? 0) };
}

const pdfOf = (http: Client, uuid: string) => http.get(`/api/orders/${uuid}/pdf`);
const notificationsOf = async (http: Client): Promise<NotificationsAnswer> =>
  (await http.get('/api/notifications')).json();

describe('order PDF', () => {
  it('is a pro-forma invoice while payment is pending: lines, totals, VAT and the wire instruction', async () => {
    const { http, order, expected } = await customerWithOrder({}, { coupon: 10 });
    const response = await pdfOf(http, order.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="order-${order.id}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPoppler) return; // poppler-utils missing: the text checks need pdftotext

    expect(pdfInfo(pdf).Pages).toBe('1');
    const text = pdfText(pdf);
    for (const expectedText of [
      'Pro-forma invoice',
      `Order: ${order.id}`,
      'Αμπέλι Νεμέας',
      'Hill Block',
      'End to End',
      'Bring Your Own Images',
      `Subtotal ${formatMoney(expected.originalPrice)}`,
      `−${formatMoney(expected.savings)}`,
      `Coupon ${order.coupon?.code} (10%) −${formatMoney(expected.couponDiscount)}`,
      `Net amount ${formatMoney(expected.finalPrice)}`,
      `VAT 24% ${formatMoney(vatOf(expected.finalPrice))}`,
      `Total with VAT ${formatMoney(expected.finalPrice + vatOf(expected.finalPrice))}`,
      'GR1601101250000000012300695',
      'please e-mail the bank transfer report to sales@example.com',
      '12 Vineyard Road',
    ]) {
      expect(text).toContain(expectedText);
    }
  });

  it("is in the customer's language, and an invoice with the company's details once complete", async () => {
    const { order, expected } = await customerWithOrder(
      { role: 'b2b_admin', lang: 'el' },
      {
        invoice: validInvoiceDetails(),
        before: (http) =>
          http.put('/api/company/update/invoice', validInvoiceDetails({ firmTitle: 'Ktima Nemea' })),
      },
    );
    const admin = await signedInClient(ctx, { role: 'admin' });
    expect(
      (await admin.http.put('/api/orders', { orderUuid: order.uuid, status: 'complete' })).statusCode,
    ).toBe(200);
    const response = await pdfOf(admin.http, order.uuid);
    expect(response.statusCode).toBe(200);
    if (!hasPoppler) return;
    const text = pdfText(response.rawPayload);
    for (const expectedText of [
      'Τιμολόγιο',
      `Παραγγελία: ${order.id}`,
      'Αγοραστής',
      'Ktima Nemea',
      'Αμπέλι Νεμέας',
      'Ολοκληρωμένη υπηρεσία (E2E)',
      `Καθαρό ποσό ${formatMoney(expected.finalPrice)}`,
      `ΦΠΑ 24% ${formatMoney(vatOf(expected.finalPrice))}`,
      'Σύνολο με ΦΠΑ',
      'Η πληρωμή παραλήφθηκε',
    ]) {
      expect(text).toContain(expectedText);
    }
    expect(text).not.toContain('Pro-forma');
  });

  it('is the owner’s and order readers’ only: another customer gets 404', async () => {
    const { http, order } = await customerWithOrder();
    const stranger = await signedInClient(ctx, { role: 'b2c_admin' });
    const foreign = await pdfOf(stranger.http, order.uuid);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].msg).toBe('Order not found');
    const missing = await pdfOf(http, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    expect((await pdfOf(operations.http, order.uuid)).statusCode).toBe(200);
    const pilot = await signedInClient(ctx, { role: 'drone_operator' });
    expect((await pdfOf(pilot.http, order.uuid)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/orders/${order.uuid}/pdf` })).statusCode).toBe(401);
  });
});

describe('order notifications and e-mails', () => {
  it('tells the customer and the staff who confirm orders, once, then the customer on completion', async () => {
    const admin = await signedInClient(ctx, { role: 'admin' });
    const finance = await signedInClient(ctx, { role: 'financial_admin', lang: 'el' });
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    const { http, user, order, expected } = await customerWithOrder();

    const own = await notificationsOf(http);
    expect(own.unread).toBe(1);
    expect(own.data[0]).toMatchObject({
      type: 'new_report',
      read: false,
      details: { type: 'order', order: { uuid: order.uuid, createdAt: order.createdAt, numOfReport: 9 } },
    });
    for (const staff of [admin, finance]) {
      const [notice] = (await notificationsOf(staff.http)).data.filter(
        (n) => (n.details.order as { uuid?: string } | undefined)?.uuid === order.uuid,
      );
      expect(notice).toMatchObject({
        type: 'new_report',
        details: { customer: { lastName: user.lastName } },
      });
    }
    expect((await notificationsOf(operations.http)).data).toEqual([]);

    const total = formatMoney(expected.finalPrice + vatOf(expected.finalPrice));
    const placedMail = await ctx.waitForMail(user.email, `order ${order.id}`);
    expect(placedMail.text).toContain(total);
    expect(placedMail.text).toContain('GR1601101250000000012300695');
    expect(placedMail.text).toContain('sales@example.com');
    expect(placedMail.text).toContain('http://localhost:3000/profile/orders');
    const verifyMail = await ctx.waitForMail(admin.user.email, `New order ${order.id} to verify`);
    expect(verifyMail.text).toContain(user.email);
    expect(verifyMail.text).toContain('http://localhost:3000/orders');
    const greekMail = await ctx.waitForMail(finance.user.email, `Νέα παραγγελία ${order.id}`);
    expect(greekMail.text).toContain('Σύνολο με ΦΠΑ');

    // Setting the status it already has changes nothing and tells no one.
    await admin.http.put('/api/orders', { orderUuid: order.uuid, status: 'pending_payment' });
    expect((await notificationsOf(http)).data).toHaveLength(1);
    await admin.http.put('/api/orders', { orderUuid: order.uuid, status: 'complete' });
    const [update] = (await notificationsOf(http)).data;
    expect(update).toMatchObject({
      type: 'order_status_update',
      details: { newStatus: 'complete', order: { uuid: order.uuid, numOfReport: 9 } },
    });
    const doneMail = await ctx.waitForMail(user.email, `order ${order.id} is complete`);
    expect(doneMail.text).toContain('http://localhost:3000/profile/orders');
  });

  it('does not repeat them for a retried order with the same idempotency key', async () => {
    const client = await signedInClient(ctx, { role: 'b2c_admin', mobile: '6912345678' });
    const field = await createField(ctx, client.user, { hectares: 1 });
    await addToCart(client.http, field.uuid, 'manual', 3);
    const billingAddress = (await client.http.post('/api/user/address', validAddress())).json().address.id;
    const body = {
      cartItems: [{ fieldId: field.id, service: 'manual' }],
      billingAddress,
      transactionType: 0,
    };
    const headers = { 'idempotency-key': 'retry-7d1c0b55' };
    const first = await client.http.post('/api/orders/create', body, { headers });
    const again = await client.http.post('/api/orders/create', body, { headers });
    expect(again.json().data.uuid).toBe(first.json().data.uuid);
    expect((await notificationsOf(client.http)).data).toHaveLength(1);
    const queued = await ctx.database.db.select().from(emails).where(eq(emails.toAddress, client.user.email));
    expect(queued.map((row) => row.template)).toEqual(['order_placed']);
  });
});

describe('invoice details and who buys', () => {
  it("invoices with the company's saved details, whatever the client sends", async () => {
    const owner = await signedInClient(ctx, { role: 'b2b_admin', mobile: '6912345678' });
    await owner.http.put('/api/company/update/invoice', validInvoiceDetails({ vatId: 'EL111222333' }));
    const field = await createField(ctx, { id: owner.user.id, companyId: null }, { hectares: 1 });
    await addToCart(owner.http, field.uuid, 'manual', 3);
    const placed = await owner.http.post('/api/orders/create', {
      cartItems: [{ fieldId: field.id, service: 'manual' }],
      transactionType: 1,
      paymentDetails: validInvoiceDetails({ vatId: 'EL000000000', firmTitle: 'Someone Else' }),
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.paymentDetails).toMatchObject({
      vatId: 'EL111222333',
      firmTitle: 'Domaine Nemea',
    });
  });

  it('staff do not add packages to a cart on behalf of customers', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, customer.user, { hectares: 1 });
    for (const role of ['admin', 'operation_admin', 'financial_admin'] as const) {
      const staff = await signedInClient(ctx, { role });
      const response = await staff.http.post('/api/field/shoot/create', {
        fieldUuid: field.uuid,
        service: 'manual',
        shoots: 3,
      });
      expect(response.statusCode).toBe(403);
      expect((await staff.http.get('/api/fields?type=cart')).statusCode).toBe(403);
    }
  });
});
