import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
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

describe('the first administrator', () => {
  it('is created with the CLI while the server runs, logs in and lands on /fields with the staff menu', async () => {
    const created = spawnSync(
      'npm',
      ['run', 'admin:create', '--', '--email', 'chief@example.com', '--password', 'Chief-Admin-77'],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: server.dataDir },
        encoding: 'utf8',
        shell: true,
      },
    );
    expect(created.stdout + created.stderr).toContain('Created admin chief@example.com');

    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill('chief@example.com');
    await page.getByTestId('login-password').fill('Chief-Admin-77');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.baseUrl}/fields`);
    for (const entry of ['nav-dashboard', 'nav-orders', 'nav-users', 'nav-shoots', 'nav-companies']) {
      await page.getByTestId(entry).waitFor();
    }
    await page.getByTestId('nav-dashboard').click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await snapshot(page, 'admin-dashboard');

    await page.goto(`${server.baseUrl}/no-such-page`);
    await page.getByText("We couldn't find this page").waitFor();
    await page.close();
  });

  it('shows a clear message for a wrong password', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill('chief@example.com');
    await page.getByTestId('login-password').fill('Wrong-password-1');
    await page.getByTestId('login-submit').click();
    await page.getByText('Incorrect e-mail or password').first().waitFor();
    await page.close();
  });
});
