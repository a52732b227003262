import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { processingReport } from '../support/reports.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { recordWire, sumBytes } from '../support/wire-bytes.ts';

// The sign-in page on a cold profile, as a grower's phone at the edge of a vineyard gets it (issue 18).
// Bytes, not times: the same build sends the same bytes on any machine.

/** JavaScript over the wire for /login, compressed (bench/README.md has the figures). */
const LOGIN_JS_BUDGET_BYTES = 200_000;
/**
 * JavaScript over the wire for a signed-in first visit to a field on /fields, maps included: MapLibre
 * and its worker (built with the app, they share a chunk) are about 272 KB of it (bench/README.md).
 */
const FIELDS_JS_BUDGET_BYTES = 600_000;
/** What only the map, drawing, boundary import and chart screens need, by a name inside each library. */
const NOT_ON_LOGIN = ['maplibregl', 'TerraDraw', 'JSZip', 'proj4', 'recharts'];

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the first visit to /login', () => {
  it('stays within its JavaScript budget, compressed, cached for good, with no map or chart library', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const wire = recordWire(page);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.waitForLoadState('networkidle');
    const responses = await wire.settle();
    const scripts = await wire.javaScript();
    await context.close();

    const listing = scripts
      .map((s) => `${s.bodyBytes}\t${s.encoding}\t${new URL(s.url).pathname}`)
      .join('\n');
    expect(sumBytes(scripts), listing).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);

    // Compressed (files under 1 KB are sent as they are), hashed files immutable, the page revalidated.
    for (const script of scripts) {
      if (script.bodyBytes > 1024) expect(script.encoding, script.url).toBe('br');
    }
    for (const response of responses.filter((r) => new URL(r.url).pathname.startsWith('/assets/'))) {
      expect(response.cacheControl, response.url).toBe('public, max-age=31536000, immutable');
    }
    const document = responses.find((r) => r.type === 'document');
    expect(document?.cacheControl).toBe('no-cache');
    expect(document?.encoding).toBe('br');

    // Neither requested nor preloaded: no script of this visit holds a map, drawing, zip or chart library.
    const bodies = await Promise.all(scripts.map(async (s) => (await fetch(s.url)).text()));
    for (const name of NOT_ON_LOGIN) {
      const holders = scripts.filter((_, index) => bodies[index]?.includes(name)).map((s) => s.url);
      expect(holders, name).toEqual([]);
    }
  });

  it('in Greek fetches the Greek catalogue only', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('ampelos.lang', 'el'));
    const page = await context.newPage();
    const catalogues: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname.match(/\/assets\/i18n-(en|el)-[\w-]+\.js$/)?.[1];
      if (name) catalogues.push(name);
    });
    await page.goto(`${server.baseUrl}/login`);
    await expect(page.getByTestId('login-submit').textContent()).resolves.toBe('Σύνδεση');
    // Server messages carry catalogue keys (and English errors are the domain's constants): no English
    // catalogue is needed to show them in Greek.
    expect(catalogues.length).toBeGreaterThan(0);
    expect(catalogues.filter((lang) => lang !== 'el')).toEqual([]);
    await context.close();
  });
});

describe('the first visit to /fields, signed in', () => {
  it('stays within its JavaScript budget, maps and their worker included', async () => {
    const stamp = Date.now();
    const accounts = {
      customer: { email: `budget-grower-${stamp}@example.com`, password: 'Assyrtiko-Santorini-5' },
      admin: { email: `budget-ops-${stamp}@example.com`, password: 'Vidiano-Crete-8' },
    };
    // A field whose paid report awaits data: the detail, its map and the report's data panel.
    const { fieldUuid } = await processingReport(server, accounts, [{ lng: 22.7, lat: 37.8 }]);
    const login = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'e2e' },
      body: JSON.stringify(accounts.customer),
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const url = new URL(server.baseUrl);
    for (const header of login.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const [name = '', ...value] = pair.split('=');
      await context.addCookies([{ name, value: value.join('='), domain: url.hostname, path: '/' }]);
    }
    const page = await context.newPage();
    const wire = recordWire(page);
    // The worker's script may finish after the page is idle on a loaded machine: wait for it by name.
    const workerFetched = page.waitForEvent('requestfinished', {
      predicate: (request) => new URL(request.url()).pathname.includes('/maplibre-worker-'),
    });
    await page.goto(`${server.baseUrl}/fields?field=${fieldUuid}`);
    await page.getByTestId('field-detail-title').waitFor();
    await page.locator('[data-map-ready]').first().waitFor();
    await page.getByTestId('report-data').waitFor();
    await page.waitForLoadState('networkidle');
    await workerFetched;
    const scripts = await wire.javaScript();
    await context.close();

    const listing = scripts
      .map((s) => `${s.bodyBytes}\t${s.encoding}\t${new URL(s.url).pathname}`)
      .join('\n');
    // The map's worker script is counted (its size comes from its own request, see wire-bytes.ts); the
    // chunk it imports comes from the cache, downloaded once with the map.
    const worker = scripts.find((s) => new URL(s.url).pathname.includes('/maplibre-worker-'));
    expect(worker?.bodyBytes ?? 0, listing).toBeGreaterThan(1_000);
    expect(sumBytes(scripts), listing).toBeLessThanOrEqual(FIELDS_JS_BUDGET_BYTES);
  });
});
