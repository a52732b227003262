import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
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

const email = `vine-grower-${Date.now()}@example.com`;
const password = 'Agiorgitiko-2026';
const newPassword = 'Moschofilero-2027';

async function signIn(page: Page, withPassword: string) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(withPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${server.baseUrl}/fields`);
}

describe('a new customer', () => {
  it('signs up, verifies through the outbox link, edits the profile, speaks Greek, keeps addresses, changes the password and leaves', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    // Sign up
    await page.goto(`${server.baseUrl}/signup`);
    await page.getByTestId('signup-first-name').fill('Eleni');
    await page.getByTestId('signup-last-name').fill('Vlachou');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-account-personal').check();
    await page.getByTestId('signup-accept-privacy').check();
    await page.getByTestId('signup-accept-terms').check();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-thanks').waitFor()).resolves.toBeUndefined();

    // Verify through the link in the outbox
    const link = firstLink(await server.waitForEmail(email));
    expect(link).toContain('/verify_email/');
    await page.goto(link);
    await page.getByTestId('verify-success').waitFor();

    // Log in: the page reloads to / and lands on /fields for a customer
    await signIn(page, password);
    await page.getByTestId('nav-fields').waitFor();
    expect(await page.getByTestId('nav-dashboard').count()).toBe(0);

    // Edit the profile and the avatar
    await page.getByTestId('nav-profile').click();
    await page.getByTestId('profile-mobile').fill('+30 6912345678');
    await page.getByTestId('profile-update').click();
    await page.getByText('Profile Updated!').waitFor();
    const avatarFile = path.join(tmpdir(), `avatar-${Date.now()}.png`);
    await writeFile(
      avatarFile,
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#5a8c3c' } })
        .png()
        .toBuffer(),
    );
    await page.getByTestId('avatar-input').setInputFiles(avatarFile);
    await page.getByTestId('avatar-remove').waitFor();
    const me = await (await page.request.get(`${server.baseUrl}/api/user`)).json();
    expect(me.mobile).toBe('+30 6912345678');
    expect(me.avatar.md).toMatch(/^\/api\/files\/avatars\//);

    // Switch to Greek: the menu speaks Greek
    await page.getByTestId('profile-nav-settings').click();
    await page.getByTestId('language-select').selectOption('el');
    await page.getByTestId('nav-fields').getByText('Αγροτεμάχια').waitFor();
    await page.getByTestId('nav-profile').getByText('Προφίλ').waitFor();
    await snapshot(page, 'settings-in-greek');

    // Add an address
    await page.getByTestId('profile-nav-address-book').click();
    await page.getByTestId('address-empty').waitFor();
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-city').fill('Nemea');
    await page.getByTestId('address-country').selectOption('Greece');
    await page.getByTestId('address-state').fill('Corinthia');
    await page.getByTestId('address-zip').fill('205 00');
    await page.getByTestId('address-line-1').fill('12 Vineyard Road');
    await page.getByTestId('address-save').click();
    await page.getByTestId('address-item').first().waitFor();
    expect(await page.getByTestId('address-item').first().textContent()).toContain('Nemea');

    // Change the password: another session of the same user ends
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, password);
    await page.getByTestId('profile-nav-settings').click();
    await page.getByTestId('password-current').fill(password);
    await page.getByTestId('password-new').fill(newPassword);
    await page.getByTestId('password-confirm').fill(newPassword);
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/update/password'));
    await page.getByTestId('password-submit').click();
    expect((await changed).status()).toBe(200);
    expect((await otherPage.request.get(`${server.baseUrl}/api/user`)).status()).toBe(401);
    expect((await page.request.get(`${server.baseUrl}/api/user`)).status()).toBe(200);
    await otherContext.close();

    // Log out, log back in with the new password
    await page.getByTestId('logout-button').click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await signIn(page, newPassword);

    // Delete the account: the button waits for the typed e-mail
    await page.goto(`${server.baseUrl}/profile/settings`);
    await expect(page.getByTestId('delete-account-submit').isDisabled()).resolves.toBe(true);
    await page.getByTestId('delete-account-email').fill(email);
    await page.getByTestId('delete-account-submit').click();
    await page.waitForURL(`${server.baseUrl}/login`);
    const gone = await page.request.post(`${server.baseUrl}/api/user/login`, {
      data: { email, password: newPassword },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(gone.status()).toBe(401);
    await context.close();
  });
});
