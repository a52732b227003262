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
import { pixelFloodJpeg } from '../../apps/server/src/test/geotagged-jpeg.ts';
import { buildZip } from '../../apps/server/src/test/zip-writer.ts';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { processingReport } from '../support/reports.ts';
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
const grower = { email: `damaged-${stamp}@example.com`, password: 'Moschofilero-Mantinia-7' };

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

/** "Upload Data", the file chosen, and the upload finished (tus), not yet submitted. */
async function uploadFile(page: Page, file: string) {
  await page.getByTestId('upload-open').click();
  await page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(file);
  await page.getByTestId('dataset-uploads').getByText('Uploaded').waitFor({ timeout: 60_000 });
}

describe('a customer with a bring-your-own-images report', () => {
  it('uploads a zip of geotagged photos, sees them validated, follows the analysis and opens the PDF', async () => {
    const { fieldUuid } = await processingReport(server, { customer, admin }, truth.plants);
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
    await signIn(page, customer);
    await page.waitForURL(`${server.baseUrl}/fields`);
    // Pick the report, open "Upload Data", choose the zip
    await openReportData(page, fieldUuid);
    await uploadFile(page, zipFile);
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

describe('a customer whose zip is damaged', () => {
  it('sees each damaged file refused with its reason while the service stays up', async () => {
    const { fieldUuid } = await processingReport(server, { customer: grower, admin }, truth.plants);
    const photo = await readFile(path.join(sampleDir, truth.photos[0]?.file as string));
    const spot = truth.plants[0] as { lat: number; lng: number };
    // A broken download (damaged deflate data), an entry larger than the zip says, a pixel flood.
    const zip = await buildZip([
      { name: 'DCIM/DJI_0001.JPG', data: photo, deflate: true, corruptData: true },
      { name: 'DCIM/DJI_0002.JPG', zeros: 20_000_000, lie: { localSize: 1000, centralSize: 1000 } },
      {
        name: 'DCIM/DJI_0003.JPG',
        data: await pixelFloodJpeg({ gps: { ...spot, altitude: 320 }, width: 60_000, height: 60_000 }),
      },
    ]);
    const zipFile = path.join(sampleDir, 'damaged.zip');
    await import('node:fs/promises').then((fs) => fs.writeFile(zipFile, zip));

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, grower);
    await openReportData(page, fieldUuid);
    await uploadFile(page, zipFile);
    await page.getByTestId('upload-submit').click();

    await page.getByTestId('dataset-refused').waitFor({ timeout: 60_000 });
    const reasons = await page.getByTestId('dataset-file-reason').allInnerTexts();
    expect(reasons.sort()).toEqual([
      'The file is damaged or cannot be read',
      'The file is damaged or cannot be read',
      'The image is larger than we analyse',
    ]);
    await expect(page.getByTestId('dataset-files').getByText('3 rejected').isVisible()).resolves.toBe(true);
    await snapshot(page, 'datasets-damaged-zip');
    // The service is up: the API answers and the page still works.
    expect((await page.request.get(`${server.baseUrl}/api/health`)).status()).toBe(200);
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
      const { fieldUuid } = await processingReport(
        server,
        accounts,
        [
          { lng: lng - d, lat: lat - d },
          { lng: lng + d, lat: lat + d },
        ],
        { altitude: 0 },
      );
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
      await uploadFile(page, zipFile);
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
