import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { mapSettled, moveMap } from '../support/map.ts';
import { apiAs, createAccount } from '../support/reports.ts';
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

const email = `grower-${Date.now()}@example.com`;
const password = 'Xinomavro-Naoussa-7';
const title = 'Naoussa North Block';
const newTitle = 'Naoussa Old Vines';

function createCustomerAdmin() {
  const created = spawnSync(
    'npm',
    ['run', 'admin:create', '--', '--email', email, '--password', `'${password}'`, '--role', 'b2c_admin'],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
      shell: true,
    },
  );
  expect(created.stdout + created.stderr).toContain(email);
}

/** The map canvas and a helper to click at a position relative to its centre. */
async function mapCanvas(page: Page, testId: string, readyAttribute = 'data-map-ready') {
  await page.locator(`[data-testid="${testId}"][${readyAttribute}]`).waitFor();
  const canvas = page.locator(`[data-testid="${testId}"] canvas.maplibregl-canvas`);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('map canvas has no box');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { click: (dx: number, dy: number) => page.mouse.click(cx + dx, cy + dy) };
}

/** The no-imagery notice and the field's outline on the field page do not overlap. */
async function outlineClearOfNotice(page: Page) {
  const map = page.getByTestId('field-map');
  const [mapBox, noticeBox, outline] = await Promise.all([
    map.boundingBox(),
    map.getByTestId('map-imagery-notice').boundingBox(),
    map.getAttribute('data-outline-box'),
  ]);
  if (!mapBox || !noticeBox || !outline) return false;
  const [left = 0, top = 0, right = 0, bottom = 0] = outline.split(',').map(Number);
  const notice = {
    left: noticeBox.x - mapBox.x,
    top: noticeBox.y - mapBox.y,
    right: noticeBox.x - mapBox.x + noticeBox.width,
    bottom: noticeBox.y - mapBox.y + noticeBox.height,
  };
  const inside = left >= 0 && top >= 0 && right <= mapBox.width && bottom <= mapBox.height;
  const apart = right < notice.left || left > notice.right || bottom < notice.top || top > notice.bottom;
  return inside && apart;
}

/** The field form's number inputs two to a row: each row's label heights and input tops. */
async function numberInputRows(page: Page) {
  const wrappers = page.getByTestId('field-number-inputs').locator(':scope > div');
  const boxes = [];
  for (let index = 0; index < (await wrappers.count()); index++) {
    const wrapper = wrappers.nth(index);
    const [label, input] = await Promise.all([
      wrapper.locator('label').first().boundingBox(),
      wrapper.locator('input').boundingBox(),
    ]);
    if (!label || !input) throw new Error('a number input without its label or box');
    boxes.push({ label: Math.round(label.height), top: Math.round(input.y) });
  }
  const rows: { labelHeights: [number, number]; inputTops: [number, number] }[] = [];
  for (let index = 0; index + 1 < boxes.length; index += 2) {
    const [a, b] = [boxes[index], boxes[index + 1]] as [(typeof boxes)[0], (typeof boxes)[0]];
    rows.push({ labelHeights: [a.label, b.label], inputTops: [a.top, b.top] });
  }
  return rows;
}

describe('a customer with fields', () => {
  it('draws a field on the map, saves it with a variety typed in Greek, finds, edits, exports and deletes it', async () => {
    createCustomerAdmin();
    const context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    // Sign in: no fields yet
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.baseUrl}/fields`);
    await page.getByTestId('fields-empty').getByText('No fields yet').waitFor();

    // Add field: saving without a polygon asks for one
    await page.getByTestId('fields-add').click();
    await page.waitForURL(`${server.baseUrl}/fields/new`);
    const map = await mapCanvas(page, 'new-field-map', 'data-draw-ready');
    await page.getByTestId('field-save').click();
    await page
      .getByTestId('field-polygon-missing')
      .getByText('You need to draw a polygon of your field to save it')
      .waitFor();

    // Import instead of drawing: a file with no polygon is refused, one with two offers a choice
    const noPolygon = path.join(tmpdir(), `gate-${Date.now()}.geojson`);
    await writeFile(noPolygon, JSON.stringify({ type: 'Point', coordinates: [22.06, 40.63] }));
    await page.getByTestId('boundary-import-input').setInputFiles(noPolygon);
    await page
      .getByTestId('boundary-import-error')
      .getByText('This file holds no polygon', { exact: false })
      .waitFor();
    const placemark = (name: string, west: number) =>
      `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${west},40.629,0 ${west + 0.002},40.629,0 ${west + 0.002},40.630,0 ${west},40.630,0 ${west},40.629,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
    const twoBlocks = path.join(tmpdir(), `blocks-${Date.now()}.kml`);
    await writeFile(
      twoBlocks,
      `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemark('East block', 22.07)}${placemark('West block', 22.06)}</Document></kml>`,
    );
    await page.getByTestId('boundary-import-input').setInputFiles(twoBlocks);
    await page.getByTestId('boundary-candidate').filter({ hasText: 'West block' }).click();
    await page
      .getByTestId('field-draw-area')
      .getByText(/^1\.\d{2} ha$/)
      .waitFor();
    expect(await page.getByTestId('field-title').inputValue()).toBe('West block');
    await page.getByTestId('field-draw-clear').click();
    await page.getByTestId('field-draw-area').getByText('–').waitFor();

    // Draw by hand where the import left the map (vineyard scale, zoomed out a little): four corners, then
    // the first one again to close the polygon
    const zoomOut = page.locator('[data-testid="new-field-map"] .maplibregl-ctrl-zoom-out');
    for (let i = 0; i < 2; i++) await moveMap(page, 'new-field-map', () => zoomOut.click());
    await map.click(-120, -80);
    await map.click(110, -90);
    await map.click(130, 70);
    await map.click(-100, 90);
    await map.click(-120, -80);
    const areaText = (await page.getByTestId('field-draw-area').textContent()) ?? '';
    expect(areaText).toMatch(/^\d+\.\d{2} ha$/);
    expect(Number.parseFloat(areaText)).toBeGreaterThan(0.5);
    await snapshot(page, 'fields-new-drawn');

    // The form: a variety found by typing Greek
    await page.getByTestId('field-title').fill(title);
    await page.getByTestId('field-variety').click();
    await page.getByTestId('variety-search').fill('ξινομαυρο');
    await page.locator('[data-testid="variety-option"][data-name="Xinomavro"]').click();
    expect(await page.getByTestId('field-variety').inputValue()).toBe('Xinomavro');
    await page.getByTestId('field-age').fill('25');
    await page.getByTestId('field-altitude').fill('180');
    await page.getByTestId('field-slope').fill('6');
    await page.getByTestId('field-plant-height').fill('1.4');
    await page.getByTestId('field-save').click();

    // Saved: its detail opens, and the list shows it under its country
    await page.getByText('New Field successfully created. You can now choose a service').waitFor();
    await page.waitForURL(/\/fields\?field=/);
    const uuid = new URL(page.url()).searchParams.get('field');
    await page.getByTestId('field-detail-title').getByText(title).waitFor();
    const group = page.locator('[data-testid="fields-group"][data-country="Greece"]');
    await group.waitFor();
    expect(await group.textContent()).toMatch(/1 field · \d+\.\d{2} ha/);
    const item = page.locator(`[data-testid="field-item"][data-uuid="${uuid}"]`);
    expect(await item.textContent()).toContain(title);
    const field = (await (await page.request.get(`${server.baseUrl}/api/field/${uuid}`)).json()).data;
    expect(field.variety).toBe('Xinomavro');
    expect(field.avatar?.xs).toBeTruthy();
    expect(field.polygonPoints).toHaveLength(5);

    // Open it from the list (a fresh visit selects the first field on a wide screen anyway)
    await page.goto(`${server.baseUrl}/fields`);
    await item.click();
    await page.waitForURL(`${server.baseUrl}/fields?field=${uuid}`);
    await page.getByTestId('field-details').getByText('Xinomavro').waitFor();
    await mapSettled(page, 'field-map');
    await snapshot(page, 'fields-detail');

    // Edit the title
    await page.getByTestId('field-edit').click();
    await page.getByTestId('field-title').fill(newTitle);
    await page.getByTestId('field-edit-save').click();
    await page.getByText('Field successfully updated').waitFor();
    await page.getByTestId('field-detail-title').getByText(newTitle).waitFor();

    // Download its KML
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('field-download-kml').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${newTitle}.kml`);
    const kml = await readFile((await download.path()) ?? '', 'utf8');
    expect(kml).toContain('<Polygon>');
    expect(kml).toContain(newTitle);

    // Delete it: the button waits for the exact title
    await page.getByTestId('field-delete').click();
    await page.getByText('Once you delete a field, there is no going back. Please be certain.').waitFor();
    expect(await page.getByTestId('field-delete-submit').isDisabled()).toBe(true);
    await page.getByTestId('field-delete-confirm').fill(newTitle.toLowerCase());
    expect(await page.getByTestId('field-delete-submit').isDisabled()).toBe(true);
    await page.getByTestId('field-delete-confirm').fill(newTitle);
    await page.getByTestId('field-delete-submit').click();
    await page.getByText('Field successfully deleted').waitFor();
    await page.waitForURL(`${server.baseUrl}/fields`);
    await page.getByTestId('fields-empty').getByText('No fields yet').waitFor();

    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    await context.close();
  });

  it('draws on a phone in Greek without map imagery: opens at the fields, finds a town offline, warns past 10,000 ha', async () => {
    // A grower with one field near Naoussa: the drawing map opens there.
    const grower = { email: `phone-grower-${Date.now()}@example.com`, password: 'Malagousia-Epanomi-3' };
    createAccount(server, grower, 'b2c_admin');
    const asGrower = await apiAs(server, grower);
    const gastra = await asGrower('POST', '/field/create', {
      title: 'Gastra Terraces',
      usedFor: 1,
      age: 12,
      altitude: 150,
      slope: 4,
      avgPlantHeight: 1.5,
      polygonPoints: [
        [22.06, 40.62],
        [22.064, 40.62],
        [22.064, 40.623],
        [22.06, 40.623],
        [22.06, 40.62],
      ],
      mapDisplay: { lat: 40.621, lng: 22.062, zoom: 15 },
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    // No imagery: every satellite tile fails, as it does offline.
    await context.route('**/World_Imagery/**', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').fill(grower.email);
    await page.getByTestId('login-password').fill(grower.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/fields/);
    const changed = await page.request.post(`${server.baseUrl}/api/user/settings/changeLanguage`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { lang: 'el' },
    });
    expect(changed.ok()).toBe(true);
    await page.goto(`${server.baseUrl}/fields/new`);
    await page.locator('[data-testid="new-field-map"][data-draw-ready]').waitFor();

    // A plain notice, with the coordinates of the view: around the field, not the whole country
    const notice = page.getByTestId('map-imagery-notice');
    await snapshot(page, 'fields-new-offline-start-375-el');
    await notice.getByText('Δεν ήταν δυνατή η φόρτωση των εικόνων του χάρτη').waitFor();
    const coordinates = page.getByTestId('map-imagery-coordinates');
    await expect
      .poll(() => coordinates.textContent(), { timeout: 30_000 })
      .toMatch(/^Κέντρο 40\.62\d+° Β, 22\.06\d+° Α$/);
    const scale = page.locator('[data-testid="new-field-map"] .maplibregl-ctrl-scale');
    expect(await scale.textContent()).toMatch(/^\d+\s?(m|km)$/);

    // The place search finds a town typed in Greek from the bundled names, and the map goes there
    await page.getByTestId('place-search').fill('Νεμέα');
    const option = page.getByTestId('place-option').filter({ hasText: 'Neméa' }).first();
    expect(await option.textContent()).toContain('Ελλάδα');
    await moveMap(page, 'new-field-map', () => option.click());
    await expect
      .poll(() => coordinates.textContent(), { timeout: 30_000 })
      .toMatch(/^Κέντρο 37\.82\d+° Β, 22\.66\d+° Α$/);
    await snapshot(page, 'fields-new-offline-375-el');

    // A shape far larger than a vineyard: warned while drawing, with grouped digits
    const zoomOut = page.locator('[data-testid="new-field-map"] .maplibregl-ctrl-zoom-out');
    for (let i = 0; i < 4; i++) await moveMap(page, 'new-field-map', () => zoomOut.click());
    const map = await mapCanvas(page, 'new-field-map', 'data-draw-ready');
    await map.click(-120, -100);
    await map.click(120, -100);
    await map.click(120, 100);
    await page.getByTestId('field-draw-too-large').waitFor();
    await map.click(-120, 100);
    await map.click(-120, -100);
    const warning = page.getByTestId('field-draw-too-large');
    expect(await warning.textContent()).toContain('έως 10,000 εκτάρια');
    expect(await page.getByTestId('field-draw-area').textContent()).toMatch(
      /^\d{1,3}(,\d{3})+\.\d{2} εκτ\.$/,
    );
    await snapshot(page, 'fields-new-too-large-375-el');
    await page.setViewportSize({ width: 1440, height: 900 });
    await snapshot(page, 'fields-new-too-large-1440-el');

    // Clearing the shape clears the warning
    await page.getByTestId('field-draw-clear').click();
    await page.getByTestId('field-draw-too-large').waitFor({ state: 'detached' });

    // The form beside the map: Greek labels wrap to two lines beside one-line ones, the inputs line up
    const rows = await numberInputRows(page);
    expect(rows.some((row) => row.labelHeights[0] !== row.labelHeights[1])).toBe(true);
    for (const row of rows) expect(Math.abs(row.inputTops[0] - row.inputTops[1])).toBeLessThanOrEqual(1);

    // The field's page at 1440 px: the no-imagery notice keeps clear of the field's outline
    await page.goto(`${server.baseUrl}/fields?field=${gastra.data.uuid}`);
    await mapSettled(page, 'field-map');
    const fieldMap = page.getByTestId('field-map');
    const fieldNotice = fieldMap.getByTestId('map-imagery-notice');
    await fieldNotice.waitFor();
    await expect.poll(() => outlineClearOfNotice(page)).toBe(true);
    await snapshot(page, 'fields-detail-offline-1440-el');
    await context.close();
  });
});
