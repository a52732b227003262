import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snapshot } from '../support/browser.ts';
import {
  athensDay,
  mondayOf,
  orderBars,
  outlinePixels,
  seriesValues,
  setRange,
  sum,
  zoomIntoCluster,
} from '../support/dashboard.ts';
import { type Account, apiAs, createAccount } from '../support/reports.ts';
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

const stamp = Date.now();
const chief = { email: `chief-${stamp}@example.com`, password: 'Dashboard-Chief-41' };
const deputy = { email: `deputy-${stamp}@example.com`, password: 'Dashboard-Deputy-52' };
const grower = { email: `nemea-${stamp}@example.com`, password: 'Agiorgitiko-Nemea-63' };
const visitor = { email: `visitor-${stamp}@example.com`, password: 'Just-A-Grower-74' };

/** 24 vineyards of about 6 ha near Nemea, 6 × 4, centres 0.006° apart: one cluster at zoom 5. */
const GRID = { columns: 6, rows: 4, west: 22.62, south: 37.8, step: 0.006 };
const fieldTitle = (i: number) => `Nemea block ${String(i + 1).padStart(2, '0')}`;

/** The customer's fields, then two orders placed today: one completed by an administrator, one awaiting payment. */
async function seedBusiness() {
  createAccount(server, chief, 'admin', { first: 'Maria', last: 'Papadaki' });
  createAccount(server, deputy, 'admin', { first: 'Nikos', last: 'Georgiou' });
  createAccount(server, grower, 'b2b_admin');
  createAccount(server, visitor, 'b2c_user');
  const asGrower = await apiAs(server, grower);
  const fields: { id: number; uuid: string; title: string }[] = [];
  for (let i = 0; i < GRID.columns * GRID.rows; i++) {
    const west = GRID.west + (i % GRID.columns) * GRID.step;
    const south = GRID.south + Math.floor(i / GRID.columns) * GRID.step;
    const created = await asGrower('POST', '/field/create', {
      title: fieldTitle(i),
      variety: 'Agiorgitiko',
      usedFor: 1,
      age: 15,
      altitude: 320,
      slope: 4,
      avgPlantHeight: 1.5,
      polygonPoints: [
        [west, south],
        [west + 0.003, south],
        [west + 0.003, south + 0.002],
        [west, south + 0.002],
        [west, south],
      ],
      mapDisplay: { lat: south + 0.001, lng: west + 0.0015, zoom: 16 },
    });
    fields.push(created.data);
  }
  const address = await asGrower('POST', '/user/address', {
    city: 'Nemea',
    country: 'Greece',
    state: 'Corinthia',
    zip_postcode: '205 00',
    line_1: '3 Archaia Nemea Road',
  });
  const orders: { uuid: string; finalPrice: number }[] = [];
  for (const [field, service] of [
    [fields[0], 'e2e'],
    [fields[1], 'manual'],
  ] as const) {
    if (!field) throw new Error('no field');
    await asGrower('POST', '/field/shoot/create', { fieldUuid: field.uuid, service, shoots: 3 });
    const order = await asGrower('POST', '/orders/create', {
      cartItems: [{ fieldId: field.id, service }],
      billingAddress: address.address.id,
      transactionType: 0,
      paymentMethod: 'wire_transfer',
    });
    orders.push(order.data);
  }
  await (await apiAs(server, chief))('PUT', '/orders', { orderUuid: orders[0]?.uuid, status: 'complete' });
  return { fields, orders };
}

async function signIn(context: BrowserContext, account: Account) {
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/fields');
  return page;
}

describe('the administrator dashboard', () => {
  it('shows the business over a chosen range, the fields on a map, exports CSV and carries a live staff chat', async () => {
    const { orders } = await seedBusiness();
    const chiefContext = await browser.newContext({
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    const deputyContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(chiefContext, chief);
    await page.getByTestId('nav-dashboard').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // Today's two orders are in the default range (the last seven months)
    await page.getByTestId('growth-chart').waitFor();
    const cardValue = (card: string) =>
      page.getByTestId(`analytics-card-${card}`).getByTestId('analytics-card-value').textContent();
    expect(await cardValue('fields')).toBe('24');
    expect(await cardValue('orders')).toBe('2');
    const defaultWeeks = Number(await page.getByTestId('growth-chart').getAttribute('data-weeks'));
    expect(defaultWeeks).toBeGreaterThanOrEqual(27);
    expect((await seriesValues(page, 'orders')).at(-1)).toBe(2);
    expect(await orderBars(page)).toEqual({ complete: 1, pendingPayment: 1 });

    // A range a year back: the lines flatten and the bars go
    await setRange(page, athensDay(-400), athensDay(-370));
    await expect
      .poll(() => page.getByTestId('growth-chart').getAttribute('data-weeks'))
      .not.toBe(String(defaultWeeks));
    expect(sum(await seriesValues(page, 'orders'))).toBe(0);
    expect(sum(await seriesValues(page, 'orderValue'))).toBe(0);
    expect(await orderBars(page)).toEqual({});
    expect(await page.getByTestId('orders-chart').getAttribute('data-months')).toMatch(/^[12]$/);
    // All-time figures do not depend on the range
    expect(await cardValue('orders')).toBe('2');

    // The last two months: the orders are back, in this week and this month
    await setRange(page, athensDay(-60), athensDay(0));
    await expect.poll(async () => sum(await seriesValues(page, 'orders'))).toBe(2);
    const orderValue = sum(await seriesValues(page, 'orderValue'));
    expect(orderValue).toBeCloseTo(sum(orders.map((order) => order.finalPrice)), 2);
    expect((await seriesValues(page, 'orders')).at(-1)).toBe(2);
    expect(await orderBars(page)).toEqual({ complete: 1, pendingPayment: 1 });

    // CSV of the weekly growth: the range's weeks, today's week with both orders and their value
    await page.getByTestId('dashboard-export-csv').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('dashboard-export-growth').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ampelos-growth-${athensDay(-60)}_${athensDay(0)}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFWeek starting,Orders,Order value (EUR),With coupon\r\n')).toBe(true);
    const rows = csv.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(Number(await page.getByTestId('growth-chart').getAttribute('data-weeks')));
    expect(rows.at(-1)).toBe(`${mondayOf(athensDay(0))},2,${orderValue},0`);

    // The map: one cluster of 24 fields at zoom 5, opened click by click down to the outlines
    const map = page.getByTestId('dashboard-map');
    await page.locator('[data-testid="dashboard-map"][data-map-ready]').waitFor();
    expect(await map.getAttribute('data-field-count')).toBe('24');
    expect(await map.getAttribute('data-zoom')).toBe('5.0');
    await page.locator('[data-testid="dashboard-map"][data-largest-cluster]').waitFor({ timeout: 30_000 });
    // The keyless base style has no glyphs: the count is an HTML label over the cluster
    await expect
      .poll(() => map.locator('.maplibregl-marker').allTextContents(), { timeout: 30_000 })
      .toEqual(['24']);
    expect(await outlinePixels(page)).toBe(0);
    await zoomIntoCluster(page);
    expect(Number(await map.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(12);
    await page.locator('[data-testid="dashboard-map"][data-idle]').waitFor();
    await expect.poll(() => outlinePixels(page), { timeout: 30_000 }).toBeGreaterThan(50);

    // "Go to a field" flies to one vineyard and selects it
    await page.getByTestId('dashboard-map-search').fill('nemea block 07');
    await page.getByRole('option', { name: fieldTitle(6) }).click();
    await page.getByTestId('dashboard-map-selected').getByText(fieldTitle(6)).waitFor();
    await expect.poll(() => map.getAttribute('data-zoom'), { timeout: 30_000 }).toBe('16.0');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapshot(page, 'dashboard-1440');

    // Staff chat: both administrators in the room, each sees the other's message as it is sent
    const deputyPage = await signIn(deputyContext, deputy);
    await deputyPage.goto(`${server.baseUrl}/dashboard`);
    for (const staff of [page, deputyPage]) {
      await staff.getByTestId('settings-toggle').click();
      await staff.getByTestId('settings-tab-chat').click();
      await staff.getByTestId('chat-input').fill('…');
      await expect.poll(() => staff.getByTestId('chat-send').isEnabled(), { timeout: 30_000 }).toBe(true);
      await staff.getByTestId('chat-input').fill('');
    }
    const hello = `Drone crew for Nemea ready at 07:00 (${stamp})`;
    await page.getByTestId('chat-input').fill(hello);
    await page.getByTestId('chat-send').click();
    const received = deputyPage.getByTestId('chat-message').filter({ hasText: hello });
    await received.waitFor({ timeout: 30_000 });
    expect(await received.getAttribute('data-mine')).toBeNull();
    expect(await received.textContent()).toMatch(/^MPMaria Papadaki · /);
    await page.locator('[data-testid="chat-message"][data-mine]').filter({ hasText: hello }).waitFor();
    await deputyPage.getByTestId('chat-input').fill('Noted, thanks');
    await deputyPage.getByTestId('chat-send').click();
    await page.getByTestId('chat-message').filter({ hasText: 'Noted, thanks' }).waitFor({ timeout: 30_000 });
    await snapshot(deputyPage, 'dashboard-chat');

    // The phone layout
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const phonePage = await signIn(phone, chief);
    await phonePage.goto(`${server.baseUrl}/dashboard`);
    await phonePage.locator('[data-testid="dashboard-map"][data-map-ready]').waitFor();
    await phonePage.locator('[data-testid="dashboard-map"][data-idle]').waitFor({ timeout: 30_000 });
    expect(
      await phonePage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await phonePage.evaluate(() => window.scrollTo(0, 0));
    await snapshot(phonePage, 'dashboard-375');

    for (const context of [chiefContext, deputyContext, phone]) await context.close();
  });

  it('is closed to a customer: the route sends them home and every admin call answers 403', async () => {
    const context = await browser.newContext();
    const page = await signIn(context, visitor);
    expect(await page.getByTestId('nav-dashboard').count()).toBe(0);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/fields');
    expect(await page.getByTestId('dashboard').count()).toBe(0);

    for (const url of [
      '/analytics/overview',
      '/analytics/fields-map',
      '/analytics/fields-map/polygons?bbox=22,37,23,38',
      '/audit',
      '/deploy',
    ]) {
      const response = await page.request.get(`${server.baseUrl}/api${url}`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(`${url} ${response.status()}`).toBe(`${url} 403`);
    }

    // The staff chat refuses the customer's socket
    const answer = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/realtime`);
          socket.onopen = () => socket.send(JSON.stringify({ type: 'join', channel: 'chat' }));
          socket.onmessage = (event) => {
            const message = JSON.parse(String(event.data));
            if (message.type === 'channel') {
              socket.close();
              resolve(message);
            }
          };
          socket.onerror = () => reject(new Error('socket error'));
        }),
    );
    expect(answer).toMatchObject({ type: 'channel', channel: 'chat', joined: false });
    await context.close();
  });
});
