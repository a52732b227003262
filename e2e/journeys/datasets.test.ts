import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSampleData,
  type SampleTruth,
} from '../../apps/server/src/platform/imaging/sample-data/generate.ts';
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
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill(grower.email);
    await page.getByTestId('login-password').fill(grower.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.baseUrl}/fields`);
    await page.goto(`${server.baseUrl}/fields?field=${fieldUuid}`);
    await page.getByTestId('report-picker-open').click();
    await page.getByRole('dialog').getByRole('button').filter({ hasText: '#' }).first().click();
    await page.getByTestId('upload-open').click();
    await page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(zipFile);
    await page.getByTestId('dataset-uploads').getByText('Uploaded').waitFor({ timeout: 60_000 });
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
