import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSampleData,
  type SampleTruth,
} from '../../apps/server/src/platform/imaging/sample-data/generate.ts';
import { buildZip } from '../../apps/server/src/test/zip-writer.ts';
import { atWidth, axeFindings, describeViolations } from '../a11y/axe.ts';
import { signIn } from '../a11y/seed.ts';
import { LANGS, shareSeed, WIDTHS } from '../a11y/share.ts';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { imageryNoticeRoom, leastRoom, mapSettled, moveMap } from '../support/map.ts';
import { processingReport } from '../support/reports.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let sampleDir: string;
let truth: SampleTruth;
beforeAll(async () => {
  sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-e2e-results-'));
  [server, browser, truth] = await Promise.all([
    startServer(),
    launchBrowser(),
    generateSampleData({ outDir: sampleDir, seed: 3, lines: 2, photosPerLine: 2, orthoHalfSizeM: 0 }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(sampleDir, { recursive: true, force: true });
});

const stamp = Date.now();
const customer = { email: `results-${stamp}@example.com`, password: 'Assyrtiko-Santorini-5' };
const admin = { email: `results-ops-${stamp}@example.com`, password: 'Vidiano-Crete-8' };

/** Zooms the map in (mouse wheel at its centre) until single plants show as markers. */
async function singlePlantMarker(page: Page) {
  const markers = page.getByTestId('results-marker');
  const map = page.getByTestId('results-map');
  for (let attempt = 0; attempt < 8 && (await markers.count()) === 0; attempt++) {
    const box = await map.boundingBox();
    if (!box) break;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await moveMap(page, 'results-map', () => page.mouse.wheel(0, -400));
  }
  return markers.first();
}

/** The field whose report the first journey completes (the phone journey reuses it). */
let completedFieldUuid = '';

async function openResults(page: Page) {
  await page.getByTestId('results-open').click();
  await page.locator('[data-testid="results-map"][data-map-ready]').waitFor();
}

describe('the results of a completed report', () => {
  it('shows its layers and plants, opens an HD photo, keeps an annotation, navigates and gives the PDF', async () => {
    const { fieldUuid, asCustomer } = await processingReport(server, { customer, admin }, truth.plants);
    completedFieldUuid = fieldUuid;
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
    // The zooms the map asks the plant layer for, and the results' tile zooms.
    const plantLayerZooms: number[] = [];
    let tileZoom: { max: number; maxByLayer: Record<string, number> } | null = null;
    page.on('request', (request) => {
      const zoom = /\/tiles\/ai\/(\d+)\//.exec(request.url())?.[1];
      if (zoom) plantLayerZooms.push(Number(zoom));
    });
    page.on('response', async (response) => {
      if (/\/api\/reports\/[^/]+\/results$/.test(response.url()) && response.ok())
        tileZoom = ((await response.json()) as { data: { tileZoom: typeof tileZoom } }).data.tileZoom;
    });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill(customer.email);
    await page.getByTestId('login-password').fill(customer.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.baseUrl}/fields`);
    await page.goto(`${server.baseUrl}/fields?field=${fieldUuid}`);
    await page.getByTestId('report-picker-open').click();
    await page.getByRole('dialog').getByRole('button').filter({ hasText: '#' }).first().click();
    await page.getByTestId('upload-open').click();
    await page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(zipFile);
    await page.getByTestId('dataset-uploads').getByText('Uploaded').waitFor({ timeout: 60_000 });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('dataset-complete').waitFor({ timeout: 240_000 });

    // The weather, soil and forecast cards settle (real data with network, else the spec's text).
    for (const card of ['weather-card', 'soil-card', 'forecast-card']) {
      await page.locator(`[data-testid="${card}"]:not([data-state="loading"])`).waitFor();
    }

    // The entry appears with the completion, without a reload.
    await openResults(page);
    const map = page.getByTestId('results-map');
    expect(await map.getAttribute('data-layer')).toBe('ai');

    // Every layer the report has, and only those, with a tile served for the chosen one.
    await page.getByTestId('results-layer-select').click();
    const labels = await page.getByRole('option').allTextContents();
    expect(labels).toContain('Plant Stress');
    expect(labels).toContain('High Definition');
    expect(labels).not.toContain('Surface Model');
    // Fully transparent tiles are not written (404); at least one of the layer's is served.
    const tile = page.waitForResponse(
      (response) => /\/tiles\/no_pseu\/\d+\/\d+\/\d+\.png$/.test(response.url()) && response.status() === 200,
    );
    await page.getByRole('option', { name: 'High Definition' }).click();
    // A photo tile is a JPEG where the photos cover it whole, else a PNG: the type says which.
    const photoTile = await tile;
    const bytes = await photoTile.body();
    expect(photoTile.headers()['content-type']).toBe(bytes[0] === 0xff ? 'image/jpeg' : 'image/png');
    expect(await map.getAttribute('data-layer')).toBe('no_pseu');
    await page.getByTestId('results-layer-select').click();
    await page.getByRole('option', { name: 'Plant Stress' }).click();

    const thumb = page.getByTestId('results-opacity').getByRole('slider');
    await thumb.focus();
    for (let i = 0; i < 4; i++) await thumb.press('ArrowLeft');
    expect(await map.getAttribute('data-opacity')).toBe('80');
    await mapSettled(page, 'results-map');
    await snapshot(page, 'results-map');

    // The stress-density grid of 80 m squares, and the swipe between two layers.
    await page.getByTestId('results-grid-toggle').click();
    await page.getByTestId('results-grid-legend').waitFor();
    expect(Number(await map.getAttribute('data-grid'))).toBeGreaterThan(0);
    await page.getByTestId('results-grid-toggle').click();
    const rightTile = page.waitForResponse(
      (response) => /\/tiles\/no_pseu\/\d+\/\d+\/\d+\.png$/.test(response.url()) && response.status() === 200,
    );
    await page.getByTestId('results-compare-toggle').click();
    await page.getByTestId('results-compare-layer').click();
    await page.getByRole('option', { name: 'High Definition' }).click();
    await rightTile;
    const swipe = page.getByTestId('results-swipe');
    await page.getByTestId('results-swipe-map').and(page.locator('[data-map-ready]')).waitFor();
    expect(await swipe.getAttribute('data-position')).toBe('50');
    const frame = await swipe.boundingBox();
    const divider = await page.getByTestId('results-swipe-divider').boundingBox();
    if (!frame || !divider) throw new Error('swipe not laid out');
    await page.mouse.move(divider.x + divider.width / 2, frame.y + frame.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.7, frame.y + frame.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(Number(await swipe.getAttribute('data-position'))).toBeGreaterThanOrEqual(68);
    await mapSettled(page, 'results-map');
    await mapSettled(page, 'results-swipe-map');
    await snapshot(page, 'results-swipe');
    await page.getByTestId('results-compare-toggle').click();
    await swipe.waitFor({ state: 'detached' });

    // A stressed plant: its popup, the HD photo with the boxes, an annotation.
    const marker = await singlePlantMarker(page);
    const boxId = await marker.getAttribute('data-box-id');
    // The plant layer stops at the analysis pixel's zoom (5 cm), above the 3 cm photos' last level:
    // the map enlarges its last level past it instead of asking for tiles that do not exist.
    const zooms = tileZoom as { max: number; maxByLayer: Record<string, number> } | null;
    expect(zooms?.maxByLayer.ai).toBeLessThan(zooms?.max as number);
    expect(Math.max(...plantLayerZooms)).toBeLessThanOrEqual(zooms?.maxByLayer.ai as number);
    await marker.click();
    await page.getByTestId('results-popup').waitFor();
    // Visible once the HD photo has loaded (hidden until then).
    await page.getByTestId('results-photo').waitFor();
    await mapSettled(page, 'results-map');
    await snapshot(page, 'results-popup');

    // No internet here: the maps site answers from a stub so the opened address can be read.
    await context.route('https://www.google.com/**', (route) => route.fulfill({ body: 'maps' }));
    const popupPage = context.waitForEvent('page');
    await page.getByTestId('results-navigate').click();
    const mapsPage = await popupPage;
    await mapsPage.waitForLoadState();
    expect(mapsPage.url()).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=37\.\d+,22\.\d+/,
    );
    await mapsPage.close();

    await page.getByTestId('results-hd-toggle').click({ force: true });
    await page.getByTestId('results-hd-image').waitFor();
    const box = page.locator(`[data-testid="results-box"][data-box-id="${boxId}"]`);
    await box.waitFor();
    await box.click();
    await page.getByTestId('annotation-factor').click();
    await page.getByRole('option', { name: /^Downy mildew/ }).click();
    await page.getByTestId('annotation-comment').fill('Oil spots on the young leaves');
    await page.getByTestId('annotation-save').click();
    await page.getByText('Report successfully updated.').first().waitFor();
    await snapshot(page, 'results-hd-annotated');

    // After a reload the annotation is still there.
    await page.reload();
    await page.getByTestId('report-picker-open').click();
    // The completed report is named by its processing date now, not by "#" and its uuid.
    await page.getByTestId('report-picker-option').filter({ hasNotText: '#' }).click();
    await openResults(page);
    const again = page.locator(`[data-testid="results-marker"][data-box-id="${boxId}"]`);
    if ((await again.count()) === 0) await singlePlantMarker(page);
    await again.click();
    await expect(page.getByTestId('results-popup-annotation').textContent()).resolves.toBe(
      'Downy mildew: Oil spots on the young leaves',
    );

    // The vigour layer: each plant unit in its class over the HD photos, with the legend's counts.
    await page.locator('.maplibregl-popup-close-button').click();
    await page.getByTestId('results-popup').waitFor({ state: 'detached' });
    await page.getByTestId('results-layer-select').click();
    const offered = await page.getByRole('option').allTextContents();
    await page.getByRole('option', { name: 'Vigour' }).click();
    await expect.poll(async () => Number(await map.getAttribute('data-vigour-plants'))).toBeGreaterThan(0);
    await expect(page.getByTestId('results-vigour-legend').textContent()).resolves.toMatch(
      /Low vigour \(\d+\).*Medium vigour \(\d+\).*High vigour \(\d+\)/,
    );
    await mapSettled(page, 'results-map');
    await snapshot(page, 'results-vigour');

    // On the Classification layer the annotated plant takes the class of its factor, marked as a person's.
    if (offered.includes('Classification')) {
      await page.getByTestId('results-layer-select').click();
      await page.getByRole('option', { name: 'Classification' }).click();
      await page.getByTestId('results-classification-legend').waitFor();
      // The markers are rebuilt from the map's tiles after the switch: waited for, not read at once.
      const assessed = `[data-testid="results-marker"][data-box-id="${boxId}"][data-plant-class="fungalDiseases"]`;
      if ((await page.locator(assessed).count()) > 0) {
        await expect.poll(() => page.locator(`${assessed}[data-person="true"]`).count()).toBe(1);
      }
      await mapSettled(page, 'results-map');
      await snapshot(page, 'results-classification');
    }

    // Zoomed in past the plant layer's last level (the 5 cm analysis pixel's zoom, above the 3 cm
    // photos' last level), the map enlarges that level: no tile is asked for deeper.
    await page.getByTestId('results-layer-select').click();
    await page.getByRole('option', { name: 'Plant Stress' }).click();
    const zoomIn = map.locator('.maplibregl-ctrl-zoom-in');
    for (let i = 0; i < 4 && (await zoomIn.isEnabled()); i++)
      await moveMap(page, 'results-map', () => zoomIn.click());
    await mapSettled(page, 'results-map');
    await snapshot(page, 'results-deep-zoom');
    expect(Math.max(...plantLayerZooms)).toBe(zooms?.maxByLayer.ai);

    // The PDF of the report: a summary first, and the annotation saved above (the PDF is written
    // again after each save).
    const pdfHref = await page.getByTestId('results-download-pdf').getAttribute('href');
    const pdfFile = path.join(sampleDir, 'report.pdf');
    const pdfText = async () => {
      const pdf = await page.request.get(`${server.baseUrl}${pdfHref}`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      await writeFile(pdfFile, await pdf.body());
      return execFileSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    };
    await expect.poll(pdfText, { timeout: 60_000 }).toContain('Oil spots on the young leaves');
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdfFile, '-'], { encoding: 'utf8' });
    expect(firstPage).toContain('Nemea Test Block');
    expect(firstPage).toContain('Where to look first');
    expect(firstPage).toContain('Plants by vigour');
    expect(firstPage).toMatch(/Fungal Diseases \(1 assessed by a person\)/);

    const reports = (await asCustomer('GET', '/fields')).data[0].Reports;
    expect(reports[0].status).toBe('complete');
    await context.close();
  });

  it('opens the plant popup fully inside a phone screen, with close and Navigate reachable', async () => {
    expect(completedFieldUuid).not.toBe('');
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill(customer.email);
    await page.getByTestId('login-password').fill(customer.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.baseUrl}/fields`);
    // The completed report is active on its own: no picking needed.
    await page.goto(`${server.baseUrl}/fields?field=${completedFieldUuid}`);
    await openResults(page);
    const marker = await singlePlantMarker(page);
    await marker.click();
    await page.getByTestId('results-photo').waitFor();
    const inside = async (selector: string) => {
      const element = page.locator(selector).first();
      await element.waitFor();
      // The pan runs when the popup lays out and again when its photo arrives.
      await expect
        .poll(async () => {
          const box = await element.boundingBox();
          return (
            box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= 375 && box.y + box.height <= 740
          );
        })
        .toBe(true);
    };
    await inside('.maplibregl-popup-content');
    await inside('.maplibregl-popup-close-button');
    await inside('[data-testid="results-navigate"]');
    await snapshot(page, 'results-popup-phone');
    await page.locator('.maplibregl-popup-close-button').click();
    await page.getByTestId('results-popup').waitFor({ state: 'detached' });
    await context.close();
  });

  // The results viewer's share of the accessibility run (journeys/accessibility.test.ts): both widths,
  // in the day's language; `npm run a11y` checks it in both.
  it('shows the results viewer without a serious accessibility violation', async () => {
    expect(completedFieldUuid).not.toBe('');
    const lang = LANGS[shareSeed() % LANGS.length] ?? 'en';
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    // No imagery, as offline: the notice at the bottom is part of what is checked.
    await context.route('**/World_Imagery/**', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await signIn(page, server, customer);
    const changed = await page.request.post('/api/user/settings/changeLanguage', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { lang },
    });
    expect(changed.ok()).toBe(true);
    await page.goto(`/fields?field=${completedFieldUuid}`);
    await openResults(page);
    await page.getByTestId('results-map').getByTestId('map-imagery-notice').waitFor();
    await mapSettled(page, 'results-map');
    // The notice has room: the field is fitted above it, whole, and it keeps clear of the scale bar
    // and the zoom buttons (it sat 8 px above the scale bar before, on the outline of larger fields).
    await expect
      .poll(async () => {
        const room = await imageryNoticeRoom(page, 'results-map');
        return room && { outlineInside: room.outlineInside, room: leastRoom(room) >= 12 };
      })
      .toEqual({ outlineInside: true, room: true });
    for (const width of WIDTHS) {
      await atWidth(page, width);
      const { serious } = await axeFindings(page);
      expect(serious, `results viewer, ${lang} at ${width} px\n${describeViolations(serious)}`).toEqual([]);
    }
    await context.close();
  });
});
