import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { createAccount } from '../support/reports.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const stamp = Date.now();
const admin = { email: `maint-admin-${stamp}@example.com`, password: 'Maintenance-Admin-31' };
const grower = { email: `maint-grower-${stamp}@example.com`, password: 'Maintenance-Grower-42' };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('maintenance mode', () => {
  it('an administrator switches it on: the grower sees the maintenance page, staff keep working', async () => {
    createAccount(server, admin, 'admin');
    createAccount(server, grower, 'b2c_admin');
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin);
    await adminPage.goto(`${server.baseUrl}/dashboard`);
    await adminPage.getByRole('switch', { name: 'Maintenance mode' }).click();
    await adminPage.getByText('Maintenance mode is on').first().waitFor();
    await adminPage.getByTestId('maintenance-banner').waitFor();

    const growerContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const growerPage = await growerContext.newPage();
    const serverErrors: string[] = [];
    growerPage.on('response', (response) => {
      if (response.status() >= 500 && response.status() !== 503) serverErrors.push(response.url());
    });
    await signIn(growerPage, grower);
    await growerPage.getByTestId('maintenance-page').waitFor();
    expect(await growerPage.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Ampelos is under maintenance',
    );
    await snapshot(growerPage, 'maintenance-page-375');

    // Staff keep working: the administrator's orders page answers.
    await adminPage.goto(`${server.baseUrl}/orders`);
    await adminPage.getByTestId('orders-screen').waitFor();

    await adminPage.goto(`${server.baseUrl}/dashboard`);
    await adminPage.getByRole('switch', { name: 'Maintenance mode' }).click();
    await adminPage.getByText('Maintenance mode is off').first().waitFor();
    await growerPage.getByTestId('maintenance-retry').click();
    await growerPage.getByTestId('maintenance-page').waitFor({ state: 'detached' });
    expect(serverErrors).toEqual([]);
    await adminContext.close();
    await growerContext.close();
  });
});
