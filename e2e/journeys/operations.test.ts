import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { FieldView } from '@ampelos/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { firstLink, type RunningServer, startServer } from '../support/server.ts';

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
const customer = { email: `grower-${stamp}@example.com`, password: 'Moschofilero-Mantinia-4' };
const admin = { email: `ops-${stamp}@example.com`, password: 'Operations-Desk-26' };
const droneAdmin = { email: `skyfleet-${stamp}@example.com`, password: 'Sky-Fleet-Owner-8' };
const pilot = { email: `pilot-${stamp}@example.com`, password: 'Pilot-Licence-A2' };
const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

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
  await page.waitForURL((url) => url.pathname === '/fields' || url.pathname === '/shoots');
  return page;
}

/** Accepts an invitation: the e-mailed link opens the set-password page. */
async function acceptInvitation(context: BrowserContext, account: { email: string; password: string }) {
  const link = firstLink(await server.waitForEmail(account.email, /Subject: You have been invited/));
  const page = await context.newPage();
  await page.goto(link);
  await page.getByTestId('reset-password').fill(account.password);
  await page.getByTestId('reset-confirm-password').fill(account.password);
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-success').waitFor();
  await page.close();
}

async function api(page: Page, method: 'post' | 'put', url: string, data: unknown) {
  const response = await page.request[method](`${server.baseUrl}/api${url}`, { headers: JSON_HEADERS, data });
  if (response.status() >= 300)
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Today and the next days as calendar days in Greek time (the scheduling rules' clock). */
function athensDay(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(day);
}

/**
 * Clicks a day in a date picker inside its own month (a picker also shows the next month's first
 * days, hidden, as outside days), turning to the next month as a person would when the day is not
 * shown: near a month's end the days picked relative to today fall in the next one.
 */
async function pickDayIn(picker: Locator, day: string) {
  await picker.locator('[data-date]').first().waitFor({ state: 'attached' });
  const dayButton = picker.locator(`[data-date="${day}"]:not([data-outside])`);
  for (let turns = 0; turns < 2 && (await dayButton.count()) === 0; turns++)
    await picker.locator('button[data-direction="next"]').first().click();
  await dayButton.first().click();
}

async function pickDay(page: Page, containerTestId: string, day: string) {
  await pickDayIn(page.getByTestId(containerTestId), day);
}

describe('a drone shoot from payment to completion', () => {
  it('customer, admin, drone operator and pilot carry an E2E report through a scheduled, assigned, confirmed and completed shoot', async () => {
    createAccount(customer.email, customer.password, 'b2b_admin');
    createAccount(admin.email, admin.password, 'admin');
    const contexts = await Promise.all(
      [0, 1, 2, 3].map(() => browser.newContext({ viewport: { width: 1400, height: 1000 } })),
    );
    const [customerContext, adminContext, droneAdminContext, pilotContext] = contexts as [
      BrowserContext,
      BrowserContext,
      BrowserContext,
      BrowserContext,
    ];

    // A paid E2E order: the customer buys through the API (the commerce journey covers the screens)
    const customerPage = await signIn(customerContext, customer);
    const field: FieldView = (
      await api(customerPage, 'post', '/field/create', {
        title: 'Mantinia Plateau',
        variety: 'Moschofilero',
        usedFor: 1,
        age: 20,
        altitude: 650,
        slope: 2,
        avgPlantHeight: 1.3,
        polygonPoints: [
          [22.38, 37.6],
          [22.41, 37.6],
          [22.41, 37.62],
          [22.38, 37.62],
          [22.38, 37.6],
        ],
        mapDisplay: { lat: 37.61, lng: 22.395, zoom: 14 },
      })
    ).data;
    await api(customerPage, 'post', '/field/shoot/create', {
      fieldUuid: field.uuid,
      service: 'e2e',
      shoots: 3,
    });
    const address = await api(customerPage, 'post', '/user/address', {
      city: 'Tripoli',
      country: 'Greece',
      state: 'Arcadia',
      zip_postcode: '22100',
      line_1: 'Ethnikis Antistaseos 10',
    });
    const cart = (await (
      await customerPage.request.get(`${server.baseUrl}/api/fields?type=cart`)
    ).json()) as {
      cartItems: unknown[];
    };
    const order = (
      await api(customerPage, 'post', '/orders/create', {
        cartItems: cart.cartItems,
        billingAddress: address.address.id,
        transactionType: 0,
        paymentMethod: 'wire_transfer',
      })
    ).data;
    const adminPage = await signIn(adminContext, admin);
    await api(adminPage, 'put', '/orders', { orderUuid: order.uuid, status: 'complete' });

    // The admin invites a drone operator organisation; its owner sets a password from the e-mail
    await api(adminPage, 'post', '/users', {
      firstName: 'Nikos',
      lastName: 'Skyfleet',
      email: droneAdmin.email,
      role: 'drone_admin',
      organisation: 'Skyfleet Aerial',
      lang: 'en',
    });
    await acceptInvitation(droneAdminContext, droneAdmin);

    // The customer gives availability for the first report
    await customerPage.goto(`${server.baseUrl}/fields?field=${field.uuid}`);
    await customerPage.getByTestId('report-picker-open').click();
    await customerPage.getByTestId('report-picker-option').first().click();
    await customerPage.getByTestId('report-action-schedule').click();
    await pickDay(customerPage, 'schedule-range', athensDay(0));
    await pickDay(customerPage, 'schedule-range', athensDay(3));
    await customerPage.getByTestId('schedule-submit').click();
    await customerPage.getByTestId('report-status-label').getByText('Processing Pending').waitFor();
    const unreadBefore = Number((await customerPage.getByTestId('notifications-badge').textContent()) || 0);

    // The admin sees the shoot needing assignment and assigns the organisation
    await adminPage.goto(`${server.baseUrl}/shoots`);
    await adminPage.getByTestId('shoots-need-assignment-count').getByText('1').waitFor();
    await adminPage.getByTestId('shoot-row').first().click();
    const adminDetail = adminPage.getByTestId('shoot-detail');
    await adminDetail.getByTestId('shoot-assign-drone-admin').click();
    await adminPage.getByRole('option', { name: /Nikos Skyfleet/ }).click();
    await adminDetail.getByTestId('shoot-assign-drone-admin-submit').click();
    await adminDetail.getByTestId('shoot-status-label').getByText('Assigned DA').waitFor();

    // The customer's counter rises without a reload; the organisation is told by e-mail
    await expect
      .poll(async () => Number((await customerPage.getByTestId('notifications-badge').textContent()) || 0), {
        timeout: 15_000,
      })
      .toBeGreaterThan(unreadBefore);
    expect(await server.waitForEmail(droneAdmin.email, /Subject: Photo Shoot assigned to you/)).toContain(
      'Mantinia Plateau',
    );

    // The organisation adds its pilot on the Users screen; the pilot accepts the invitation
    const droneAdminPage = await signIn(droneAdminContext, droneAdmin);
    await droneAdminPage.goto(`${server.baseUrl}/users`);
    await droneAdminPage.getByTestId('user-add').click();
    const form = droneAdminPage.getByTestId('user-form');
    await form.getByTestId('user-form-firstName').fill('Eleni');
    await form.getByTestId('user-form-lastName').fill('Pilota');
    await form.getByTestId('user-form-email').fill(pilot.email);
    await form.getByTestId('user-form-submit').click();
    await droneAdminPage.locator('[data-testid="user-row"][data-role="drone_operator"]').waitFor();
    await acceptInvitation(pilotContext, pilot);

    // The organisation assigns the pilot and confirms dates inside the customer's availability
    await droneAdminPage.goto(`${server.baseUrl}/shoots`);
    await droneAdminPage.getByTestId('shoot-row').first().click();
    const orgDetail = droneAdminPage.getByTestId('shoot-detail');
    await orgDetail.getByTestId('shoot-assign-drone-operator').click();
    await droneAdminPage.getByRole('option', { name: /Eleni Pilota/ }).click();
    await orgDetail.getByTestId('shoot-assign-drone-operator-submit').click();
    await orgDetail.getByTestId('shoot-status-label').getByText('Assigned DO').waitFor();
    await orgDetail.getByTestId('shoot-confirm-dates').click();
    await pickDay(droneAdminPage, 'confirm-dates-confirmed', athensDay(0));
    await pickDay(droneAdminPage, 'confirm-dates-confirmed', athensDay(0));
    await pickDay(droneAdminPage, 'confirm-dates-alternative', athensDay(1));
    await pickDay(droneAdminPage, 'confirm-dates-alternative', athensDay(1));
    await droneAdminPage.getByTestId('confirm-dates-submit').click();
    await orgDetail.getByTestId('shoot-status-label').getByText('Confirmed').waitFor();
    expect(await server.waitForEmail(customer.email, /Subject: Photo Shoot dates for/)).toContain(
      'Mantinia Plateau',
    );

    // The pilot sees only this shoot, finds it in the calendar, sets the day and completes it
    const pilotPage = await signIn(pilotContext, pilot);
    await pilotPage.waitForURL(`${server.baseUrl}/shoots`);
    await expect.poll(() => pilotPage.getByTestId('shoot-row').count()).toBe(1);
    await pilotPage.getByTestId('shoots-calendar-open').click();
    await pilotPage.locator('[data-testid="calendar-event"]').first().waitFor();
    await snapshot(pilotPage, 'operations-calendar');
    await pilotPage.keyboard.press('Escape');
    await pilotPage.getByTestId('shoot-row').first().click();
    const pilotDetail = pilotPage.getByTestId('shoot-detail');
    expect(await pilotDetail.getByTestId('shoot-confirm-dates').count()).toBe(0);
    await pilotDetail.getByTestId('shoot-final-day').click();
    await pickDayIn(pilotPage.locator('body'), athensDay(0));
    await pilotDetail.getByTestId('shoot-final-day-save').click();
    await pilotDetail.getByTestId('shoot-final-day-confirmation').waitFor();
    await pilotDetail.getByTestId('shoot-complete').click();
    await pilotDetail.getByTestId('shoot-status-label').getByText('Complete').waitFor();
    await snapshot(pilotPage, 'operations-pilot-complete');

    // The customer's report waits for the shoot's data
    await customerPage.reload();
    await customerPage.getByTestId('report-picker-open').click();
    await customerPage.getByTestId('report-picker-option').first().click();
    await customerPage.getByTestId('report-status-label').getByText('Processing Pending').waitFor();

    for (const context of contexts) await context.close();
  });
});
