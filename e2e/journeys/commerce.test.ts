import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CURRENCY, type FieldView, NUMBER_LOCALE, priceBreakdown, reportPrice } from '@ampelos/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const euro = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY });
const formatEuro = (amount: number) => euro.format(amount);

const stamp = Date.now();
const customer = { email: `estate-${stamp}@example.com`, password: 'Assyrtiko-Santorini-9' };
const admin = { email: `sales-${stamp}@example.com`, password: 'Sales-Desk-2026' };

function createAccount(email: string, password: string, role: string) {
  const created = spawnSync(
    'npm',
    ['run', 'admin:create', '--', '--email', email, '--password', `'${password}'`, '--role', role],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
      shell: true,
    },
  );
  expect(created.stdout + created.stderr).toContain(email);
}

async function signIn(context: BrowserContext, account: { email: string; password: string }) {
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${server.baseUrl}/fields`);
  return page;
}

/** A rectangle of about `hectares` near Nemea; slot keeps fields apart. */
function hectareRing(hectares: number, slot: number): [number, number][] {
  const side = Math.sqrt(hectares * 10_000);
  const lat = 37.8 + slot * 0.01;
  const dLat = side / 111_000;
  const dLng = side / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [
    [22.7, lat],
    [22.7 + dLng, lat],
    [22.7 + dLng, lat + dLat],
    [22.7, lat + dLat],
    [22.7, lat],
  ];
}

async function createField(page: Page, title: string, hectares: number, slot: number): Promise<FieldView> {
  const response = await page.request.post(`${server.baseUrl}/api/field/create`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      title,
      variety: 'Agiorgitiko',
      usedFor: 1,
      age: 12,
      altitude: 300,
      slope: 4,
      avgPlantHeight: 1.5,
      polygonPoints: hectareRing(hectares, slot),
      mapDisplay: { lat: 37.8 + slot * 0.01, lng: 22.701, zoom: 15 },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data;
}

async function choosePackage(page: Page, field: FieldView, service: 'e2e' | 'manual', plan: string) {
  await page.goto(`${server.baseUrl}/fields?field=${field.uuid}`);
  await page.getByTestId('field-detail-title').getByText(field.title).waitFor();
  await page.getByTestId('choose-service').click();
  await page.getByTestId(`package-service-${service}`).click();
  await page.getByTestId(`package-plan-${plan}`).click();
  await page.getByTestId('package-add').click();
  await page.getByText('Package successfully added to cart.').waitFor();
  await expect
    .poll(() => page.getByTestId('choose-service').getAttribute('title'))
    .toBe('Already added to cart');
}

describe('buying reports', () => {
  it('a b2b customer buys E2E and BYOI packages with a coupon by wire transfer; an admin completes the order', async () => {
    createAccount(customer.email, customer.password, 'b2b_admin');
    createAccount(admin.email, admin.password, 'admin');
    const adminContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const customerContext = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      acceptDownloads: true,
    });

    // The admin creates a 10 % coupon on the coupons screen
    const adminPage = await signIn(adminContext, admin);
    await adminPage.getByTestId('nav-orders').click();
    await adminPage.waitForURL(`${server.baseUrl}/orders`);
    await adminPage.getByTestId('orders-coupons-link').click();
    await adminPage.waitForURL(`${server.baseUrl}/admin/coupons`);
    await adminPage.getByTestId('coupon-create-code').fill('HARVEST10');
    await adminPage.getByTestId('coupon-create-percent').fill('10');
    await adminPage.getByTestId('coupon-create-submit').click();
    await adminPage.locator('[data-testid="coupon-row"]', { hasText: 'HARVEST10' }).waitFor();

    // The customer has two fields: 20 ha for E2E Premium (5 shoots) and 3 ha for BYOI Standard (3 shoots)
    const page = await signIn(customerContext, customer);
    const bigBlock = await createField(page, 'Koutsi Upper Terraces', 20, 0);
    const smallBlock = await createField(page, 'Asprokambos Plot', 3, 1);
    await choosePackage(page, bigBlock, 'e2e', 'premium');
    await choosePackage(page, smallBlock, 'manual', 'standard');
    await page.getByTestId('cart-badge').getByText('2').waitFor();

    // The cart shows both groups with the rate-table prices, the volume discount and the coupon
    await page.getByTestId('nav-cart').click();
    await page.waitForURL(`${server.baseUrl}/cart`);
    await expect.poll(() => page.getByTestId('cart-item').count()).toBe(2);
    const original = reportPrice('e2e', 5, bigBlock.area) + reportPrice('manual', 3, smallBlock.area);
    const expected = priceBreakdown(original, 10);
    expect(expected.discountPercent).toBeGreaterThan(0);
    await page.getByTestId('cart-coupon-input').fill('harvest10');
    await page.getByTestId('cart-coupon-apply').click();
    await page.getByTestId('cart-final-price').getByText(formatEuro(expected.finalPrice)).waitFor();
    await snapshot(page, 'commerce-cart');

    // E2E in the cart: the photo-shoot dates are explained and confirmed before billing
    await page.getByTestId('cart-proceed').click();
    await page.getByTestId('cart-confirm-dates-confirm').click();

    // Billing: an invoice needs the company's invoice details, filled in here once
    await page.getByTestId('transaction-type-invoice').click();
    const invoice = page.getByTestId('invoice-form');
    const details: Record<string, string> = {
      firmTitle: 'Ktima Nemea SA',
      firmActivity: 'Wine production',
      vatId: 'EL099999999',
      email: 'accounts@example.com',
      telephone: '2746022222',
      city: 'Nemea',
      address: 'Leoforos Dervenakion 5',
      zipCode: '20500',
      taxAuthority: 'Korinthos',
      state: 'Peloponnese',
      country: 'Greece',
    };
    for (const [name, value] of Object.entries(details)) {
      await invoice.getByTestId(`invoice-${name}`).fill(value);
    }
    await invoice.getByTestId('invoice-submit').click();
    // Saved: the checkout shows the company's details in place of the form
    await page.getByTestId('invoice-details-summary').getByText('EL099999999').waitFor();
    await page.getByTestId('checkout-next').click();

    // Payment: wire transfer with the bank details, then the order
    await page.getByTestId('payment-method-wire_transfer').waitFor();
    await snapshot(page, 'commerce-payment');
    await page.getByTestId('place-order').click();
    await page.getByTestId('order-success').waitFor();
    await page.getByTestId('cart-badge').waitFor({ state: 'detached' });

    // The order is pending in the customer's orders, with the server's totals and a PDF
    await page.goto(`${server.baseUrl}/profile/orders`);
    const row = page.getByTestId('order-row').first();
    await row.click();
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('order-status-label').getByText('Pending Confirmation').waitFor();
    await detail.getByText(formatEuro(expected.finalPrice)).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByTestId('order-pdf').click(),
    ]);
    const pdfPath = (await download.path()) ?? '';
    expect((await readFile(pdfPath)).subarray(0, 5).toString()).toBe('%PDF-');
    const pdfText = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('Ktima Nemea SA');
    const orderUuid = await row.getAttribute('data-uuid');

    // The admin sees it, marks it complete, and the selection stays
    await adminPage.goto(`${server.baseUrl}/orders`);
    await adminPage.locator(`[data-testid="order-row"][data-uuid="${orderUuid}"]`).click();
    const adminDetail = adminPage.getByTestId('order-detail');
    await adminDetail.getByTestId('order-status-select').click();
    await adminPage.getByRole('option', { name: 'Complete' }).click();
    await adminDetail.getByTestId('order-status-update').click();
    await adminPage.getByText('Order Status updated Successfully.').waitFor();
    await adminDetail.getByTestId('order-status-label').getByText('Complete').waitFor();

    // The customer sees the order complete and the reports processing
    await page.reload();
    await page.locator(`[data-testid="order-row"][data-uuid="${orderUuid}"]`).click();
    await page.getByTestId('order-detail').getByTestId('order-status-label').getByText('Complete').waitFor();
    const fields = (await (await page.request.get(`${server.baseUrl}/api/fields`)).json())
      .data as FieldView[];
    const reports = fields.flatMap((field) => field.Reports ?? []);
    expect(reports).toHaveLength(8);
    expect(new Set(reports.map((report) => report.status))).toEqual(new Set(['processing']));

    await adminContext.close();
    await customerContext.close();
  });
});
