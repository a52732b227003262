import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  generateSampleData,
  type SampleTruth,
} from '../../apps/server/src/platform/imaging/sample-data/generate.ts';
import { buildZip } from '../../apps/server/src/test/zip-writer.ts';
import { type Account, apiAs, createAccount, processingReport } from '../support/reports.ts';
import type { RunningServer } from '../support/server.ts';

// The accounts and data that make every screen show real content: a customer with a completed
// report (for the results viewer), items in the cart, an order, a coupon and an address.

export interface Seeded {
  customer: Account;
  admin: Account;
  /** The field with the completed report. */
  fieldUuid: string;
  /** A second field, whose E2E package sits in the cart. */
  cartFieldUuid: string;
  orderUuid: string;
}

export async function signIn(page: Page, server: RunningServer, account: Account) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A rectangle of about `hectares` near Nemea, `slot` keeping fields apart. */
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

/** Uploads a synthetic flight to the field's report and waits until it is processed. */
async function completeReport(
  browser: Browser,
  server: RunningServer,
  customer: Account,
  fieldUuid: string,
  sample: { dir: string; truth: SampleTruth },
) {
  const { dir: sampleDir, truth } = sample;
  const zipFile = path.join(sampleDir, 'flight.zip');
  const files = await Promise.all(
    truth.photos.map(async (photo) => ({
      name: `DCIM/${photo.file}`,
      data: await readFile(path.join(sampleDir, photo.file)),
    })),
  );
  await writeFile(zipFile, await buildZip(files));
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, server, customer);
  await page.goto(`${server.baseUrl}/fields?field=${fieldUuid}`);
  await page.getByTestId('report-picker-open').click();
  await page.getByRole('dialog').getByRole('button').filter({ hasText: '#' }).first().click();
  await page.getByTestId('upload-open').click();
  await page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(zipFile);
  await page.getByTestId('dataset-uploads').getByText('Uploaded').waitFor({ timeout: 60_000 });
  await page.getByTestId('upload-submit').click();
  await page.getByTestId('dataset-complete').waitFor({ timeout: 300_000 });
  await context.close();
}

export async function seed(
  server: RunningServer,
  browser: Browser,
  options: { withResults: boolean },
): Promise<Seeded> {
  const stamp = Date.now();
  const customer = { email: `a11y-estate-${stamp}@example.com`, password: 'Assyrtiko-Santorini-5' };
  const admin = { email: `a11y-ops-${stamp}@example.com`, password: 'Vidiano-Crete-8' };
  const sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-a11y-sample-'));
  const sample = await generateSampleData({
    outDir: sampleDir,
    seed: 3,
    lines: 2,
    photosPerLine: 2,
    orthoHalfSizeM: 0,
  });
  // A paid, completed BYOI order for a field around the sample's plants.
  const { fieldUuid, asCustomer } = await processingReport(server, { customer, admin }, sample.plants);
  if (options.withResults) {
    await completeReport(browser, server, customer, fieldUuid, { dir: sampleDir, truth: sample });
  }
  await rm(sampleDir, { recursive: true, force: true });

  // A second field with an E2E package in the cart (the checkout steps), and a coupon.
  const cartField = await asCustomer('POST', '/field/create', {
    title: 'Koutsi Upper Terraces',
    variety: 'Agiorgitiko',
    usedFor: 1,
    age: 20,
    altitude: 420,
    slope: 6,
    avgPlantHeight: 1.5,
    polygonPoints: hectareRing(20, 2),
    mapDisplay: { lat: 37.82, lng: 22.701, zoom: 15 },
  });
  await asCustomer('POST', '/field/shoot/create', {
    fieldUuid: cartField.data.uuid,
    service: 'e2e',
    shoots: 5,
  });
  const asAdmin = await apiAs(server, admin);
  await asAdmin('POST', '/coupons', { code: 'HARVEST10', discountPercent: 10 });
  const orders = await asCustomer('GET', '/orders');
  // Extra people for the users and companies screens.
  createAccount(server, { email: `a11y-pilot-${stamp}@example.com`, password: 'Pilot-Skies-44' }, 'pilot', {
    first: 'Yannis',
    last: 'Petrou',
  });
  return {
    customer,
    admin,
    fieldUuid,
    cartFieldUuid: cartField.data.uuid,
    orderUuid: orders.data[0].uuid as string,
  };
}
