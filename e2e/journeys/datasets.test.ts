import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSampleData,
  type SampleTruth,
} from '../../apps/server/src/platform/imaging/sample-data/generate.ts';
import { hasMicasense, MICASENSE_DIR } from '../../apps/server/src/platform/imaging/test-support/paths.ts';
import { buildZip } from '../../apps/server/src/test/zip-writer.ts';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let sampleDir: string;
let truth: SampleTruth;
beforeAll(async () => {
  sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-e2e-sample-'));
  [server, browser, truth] = await Promise.all([
    startServer(),
    launchBrowser(),
    generateSampleData({ outDir: sampleDir, seed: 2, lines: 2, photosPerLine: 2, orthoHalfSizeM: 0 }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(sampleDir, { recursive: true, force: true });
});

const stamp = Date.now();
const customer = { email: `byoi-${stamp}@example.com`, password: 'Assyrtiko-Santorini-5' };
const admin = { email: `ops-${stamp}@example.com`, password: 'Vidiano-Crete-8' };

function createAccount(account: { email: string; password: string }, role: string) {
  const created = spawnSync(
    'npm',
    [
      'run',
      'admin:create',
      '--',
      '--email',
      account.email,
      '--password',
      `'${account.password}'`,
      '--role',
      role,
    ],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
      shell: true,
    },
  );
  expect(created.stdout + created.stderr).toContain(account.email);
}

/** The API as the web app calls it, signed in as one account. */
async function apiAs(account: { email: string; password: string }) {
  const login = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'e2e' },
    body: JSON.stringify(account),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api${url}`, {
      method,
      headers: { cookie, 'x-requested-with': 'e2e', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** A box around the synthetic scene's plants, 40 m to spare: [west, east, south, north]. */
function sceneBounds(): [number, number, number, number] {
  const d = 40 / 111_000;
  const lngs = truth.plants.map((plant) => plant.lng);
  const lats = truth.plants.map((plant) => plant.lat);
  return [Math.min(...lngs) - d, Math.max(...lngs) + d, Math.min(...lats) - d, Math.max(...lats) + d];
}

/** A BYOI report paid for and confirmed, so it awaits data: field, cart, order, admin completes it. */
async function processingReport(
  accounts = { customer, admin },
  [west, east, south, north] = sceneBounds(),
  altitude = 310,
) {
  createAccount(accounts.customer, 'b2b_admin');
  createAccount(accounts.admin, 'admin');
  const asCustomer = await apiAs(accounts.customer);
  const field = await asCustomer('POST', '/field/create', {
    title: 'Nemea Test Block',
    variety: 'Agiorgitiko',
    usedFor: 1,
    age: 12,
    altitude,
    slope: 3,
    avgPlantHeight: 1.6,
    polygonPoints: [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
    mapDisplay: { lat: (south + north) / 2, lng: (west + east) / 2, zoom: 18 },
  });
  await asCustomer('POST', '/field/shoot/create', {
    fieldUuid: field.data.uuid,
    service: 'manual',
    shoots: 3,
  });
  const address = await asCustomer('POST', '/user/address', {
    city: 'Nemea',
    country: 'Greece',
    state: 'Corinthia',
    zip_postcode: '205 00',
    line_1: '12 Vineyard Road',
  });
  const order = await asCustomer('POST', '/orders/create', {
    cartItems: [{ fieldId: field.data.id, service: 'manual' }],
    billingAddress: address.address.id,
    transactionType: 0,
  });
  await (await apiAs(accounts.admin))('PUT', '/orders', { orderUuid: order.data.uuid, status: 'complete' });
  return { fieldUuid: field.data.uuid as string };
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The field page with its report's data panel open. */
async function openReportData(page: Page, fieldUuid: string) {
  await page.goto(`${server.baseUrl}/fields?field=${fieldUuid}`);
  await page.getByTestId('report-picker-open').click();
  await page.getByRole('dialog').getByRole('button').filter({ hasText: '#' }).first().click();
}

describe('a customer with a bring-your-own-images report', () => {
  it('uploads a zip of geotagged photos, sees them validated, follows the analysis and opens the PDF', async () => {
    const { fieldUuid } = await processingReport();
    const zipFile = path.join(sampleDir, 'flight.zip');
    const zip = await buildZip(
      await Promise.all(
        truth.photos.map(async (photo) => ({
          name: `DCIM/${photo.file}`,
          data: await readFile(path.join(sampleDir, photo.file)),
        })),
      ),
    );
    await import('node:fs/promises').then((fs) => fs.writeFile(zipFile, zip));

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill(customer.email);
    await page.getByTestId('login-password').fill(customer.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.baseUrl}/fields`);
    await page.goto(`${server.baseUrl}/fields?field=${fieldUuid}`);

    // Pick the report, open "Upload Data", choose the zip
    await page.getByTestId('report-picker-open').click();
    await page.getByRole('dialog').getByRole('button').filter({ hasText: '#' }).first().click();
    await page.getByTestId('upload-open').click();
    await page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(zipFile);
    await page.getByTestId('dataset-uploads').getByText('Uploaded').waitFor({ timeout: 60_000 });
    await snapshot(page, 'datasets-uploaded');
    await page.getByTestId('upload-submit').click();

    // Validation, analysis, completion: the panel polls the server
    await page.getByTestId('dataset-complete').waitFor({ timeout: 240_000 });
    await expect(
      page.getByTestId('dataset-files').getByText(`${truth.photos.length} accepted`).isVisible(),
    ).resolves.toBe(true);
    await snapshot(page, 'datasets-complete');
    const pdfHref = await page.getByTestId('dataset-pdf').getAttribute('href');
    expect(pdfHref).toMatch(/\/api\/reports\/[0-9a-f-]{36}\/files\/data_files\/final_report\.pdf$/);
    const pdf = await page.request.get(`${server.baseUrl}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await server.waitForEmail(customer.email, /AI Processing completed/)).toContain(
      'AI Processing completed',
    );
    // Offline base-map tiles and the signed-out probe are expected; a CSP refusal (tus, PDF) is not.
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!hasMicasense && process.env.CI !== 'true')(
  'a dataset whose flight height cannot be trusted',
  () => {
    it('waits for our team: the customer is told, an admin confirms the height, the report says where it came from', async () => {
      // The real MicaSense flight capture without its panel capture, over a field typed as 0 m altitude:
      // GPS altitude − 0 = 174.5 m, beyond any legal flight, so nothing is analysed until staff confirm.
      const accounts = {
        customer: { email: `byoi-ms-${stamp}@example.com`, password: 'Assyrtiko-Santorini-5' },
        admin: { email: `ops-ms-${stamp}@example.com`, password: 'Vidiano-Crete-8' },
      };
      const d = 150 / 111_000;
      const [lng, lat] = [-119.4352604, 36.5760815];
      const { fieldUuid } = await processingReport(accounts, [lng - d, lng + d, lat - d, lat + d], 0);
      const zipFile = path.join(sampleDir, 'micasense-flight.zip');
      const bands = [1, 2, 3, 4, 5].map((band) => `IMG_0001_${band}.tif`);
      const zip = await buildZip(
        await Promise.all(
          bands.map(async (name) => ({ name, data: await readFile(path.join(MICASENSE_DIR, name)) })),
        ),
      );
      await import('node:fs/promises').then((fs) => fs.writeFile(zipFile, zip));

      const customerContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
      const page = await customerContext.newPage();
      await signIn(page, accounts.customer);
      await openReportData(page, fieldUuid);
      await page.getByTestId('upload-open').click();
      await page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(zipFile);
      await page.getByTestId('dataset-uploads').getByText('Uploaded').waitFor({ timeout: 60_000 });
      await page.getByTestId('upload-submit').click();
      const review = page.getByTestId('dataset-review');
      await review.waitFor({ timeout: 120_000 });
      expect(await review.textContent()).toContain("Awaiting our team's confirmation");
      expect(await page.getByTestId('imaging-confirm').count()).toBe(0);
      await snapshot(page, 'datasets-review-customer');

      const adminContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, accounts.admin);
      await openReportData(adminPage, fieldUuid);
      const form = adminPage.getByTestId('imaging-confirm');
      await form.waitFor();
      expect(await form.textContent()).toContain('174.5 m');
      await snapshot(adminPage, 'datasets-review-staff-375');
      await adminPage.getByTestId('imaging-height').fill('72.7');
      await adminPage.getByTestId('imaging-confirm-submit').click();
      // Confirmed: the panel leaves review for the analysis.
      await adminPage
        .getByTestId('dataset-review')
        .waitFor({ state: 'detached', timeout: 60_000 })
        .catch(async (error) => {
          await snapshot(adminPage, 'datasets-review-staff-after-confirm');
          throw error;
        });

      // The customer's panel follows the analysis to the end and says how the photos were read.
      await page.getByTestId('dataset-complete').waitFor({ timeout: 240_000 });
      const imaging = await page.getByTestId('dataset-imaging').textContent();
      expect(imaging).toContain('MicaSense RedEdge: multispectral camera');
      expect(imaging).toContain('72.7 m (flight height confirmed by our team)');
      await snapshot(page, 'datasets-review-complete');
      await customerContext.close();
      await adminContext.close();
    }, 480_000);
  },
);
