// First visit of the web app on a cold profile (issue 18): JavaScript over the wire per route, and the
// sign-in page's Largest Contentful Paint at 4× CPU throttling as a ratio to a static page with the
// same heading, served in the same run. Production build (`npm run build`, unless BENCH_SKIP_BUILD=1)
// served by the real server on the embedded defaults; headless Chromium.
//
//   npm run bench:web-first-visit -w @ampelos/bench
//
// BENCH_LCP_RUNS (default 7) page loads of each page for the LCP medians; BENCH_RESULTS=0 skips the
// results view (its seeding uploads a synthetic flight and waits for the real analysis);
// BENCH_LCP_ONLY=1 measures only the LCP (no seeding, no routes); BENCH_LIST=1 prints each route's
// JavaScript files with their bytes as sent.
import { spawnSync } from 'node:child_process';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Seeded, seed } from '../e2e/a11y/seed.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { type RunningServer, startServer } from '../e2e/support/server.ts';
import { recordWire, sumBytes, type WireResponse } from '../e2e/support/wire-bytes.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 7);
const CPU_SLOWDOWN = 4;
const HEADING = 'Sign in to Ampelos';

/** The baseline: the same heading, as a server would send a static page (no script at all). */
const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Ampelos</title>
<style>body{margin:0;font-family:system-ui,sans-serif}main{max-width:420px;margin:92px auto;padding:32px;
border:1px solid #dee2e6;border-radius:8px}h2{font-size:26px;margin:0}</style></head>
<body><main><h2>${HEADING}</h2></main></body></html>`;

function serveStaticPage(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(STATIC_PAGE);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** A cold profile signed in as `account` (the session cookie from the API, as the sign-in page gets it). */
async function signedInContext(
  browser: Browser,
  server: RunningServer,
  account: { email: string; password: string },
) {
  const login = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`login ${account.email}: ${login.status}`);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const url = new URL(server.baseUrl);
  for (const header of login.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const [name = '', ...value] = pair.split('=');
    await context.addCookies([{ name, value: value.join('='), domain: url.hostname, path: '/' }]);
  }
  return context;
}

interface RouteFigure {
  route: string;
  requests: number;
  sent: number;
  gzipEquivalent: number;
  mapLibraries: boolean;
  /** MapLibre's worker script, fetched by the map (JavaScript too, counted in `sent`). */
  mapWorker: boolean;
}

/** gzip is what the issue's "before" figures were in: the same files' .gz sizes, for comparison. */
async function gzipSize(responses: WireResponse[]): Promise<number> {
  const sizes = await Promise.all(
    responses.map(
      (response) =>
        new Promise<number>((resolve, reject) => {
          // node:http rather than fetch, which would undo the compression before counting.
          get(response.url, { headers: { 'accept-encoding': 'gzip' } }, (reply) => {
            let bytes = 0;
            reply.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            reply.on('end', () => resolve(bytes));
          }).on('error', reject);
        }),
    ),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

async function measureRoute(
  route: string,
  context: BrowserContext,
  visit: (page: Page) => Promise<void>,
): Promise<RouteFigure> {
  const page = await context.newPage();
  const wire = recordWire(page);
  await visit(page);
  await page.waitForLoadState('networkidle');
  const scripts = await wire.javaScript();
  await context.close();
  const bodies = await Promise.all(scripts.map(async (s) => (await fetch(s.url)).text()));
  if (process.env.BENCH_LIST === '1') {
    console.log(`\n${route}: JavaScript files, bytes as sent`);
    for (const s of [...scripts].sort((a, b) => b.bodyBytes - a.bodyBytes))
      console.log(`${String(s.bodyBytes).padStart(8)} ${new URL(s.url).pathname}`);
  }
  return {
    route,
    requests: scripts.length,
    sent: sumBytes(scripts),
    gzipEquivalent: await gzipSize(scripts),
    mapLibraries: bodies.some((body) => body.includes('maplibregl') || body.includes('TerraDraw')),
    mapWorker: scripts.some((s) => s.url.includes('/maplibre-worker-')),
  };
}

interface Lcp {
  ms: number;
  /** The element of the last LCP entry, e.g. `h2#first-paint` (the frame) or `h2` (the app). */
  element: string;
}

/** Largest Contentful Paint of one cold load at 4× CPU slowdown. */
async function lcpOnce(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<Lcp> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    const store = globalThis as unknown as { __lcp: { ms: number; element: string } };
    store.__lcp = { ms: 0, element: '' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        const element = entry.element;
        const inFrame = element?.closest('#first-paint') ? ' in #first-paint' : '';
        store.__lcp = { ms: entry.startTime, element: `${element?.tagName.toLowerCase() ?? '?'}${inFrame}` };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // LCP entries stop at the first input; none happened, so the last one is the page's LCP.
  const lcp = await page.evaluate(() => (globalThis as unknown as { __lcp: Lcp }).__lcp);
  await context.close();
  return lcp;
}

/** JavaScript over the wire of each route, each in a cold profile (seeds a customer and an admin first). */
async function measureRoutes(server: RunningServer, browser: Browser): Promise<RouteFigure[]> {
  const withResults = process.env.BENCH_RESULTS !== '0';
  console.log(withResults ? 'Seeding (a completed report: upload and analysis)…' : 'Seeding…');
  const seeded: Seeded = await seed(server, browser, { withResults });

  const routes: RouteFigure[] = [];
  routes.push(
    await measureRoute('/login', await browser.newContext(), async (page) => {
      await page.goto(`${server.baseUrl}/login`);
      await page.getByTestId('login-email').waitFor();
    }),
  );
  routes.push(
    await measureRoute(
      '/fields (signed in)',
      await signedInContext(browser, server, seeded.customer),
      async (page) => {
        await page.goto(`${server.baseUrl}/fields?field=${seeded.fieldUuid}`);
        await page.getByTestId('field-detail-title').waitFor();
        await page.locator('[data-map-ready]').first().waitFor();
      },
    ),
  );
  if (withResults) {
    routes.push(
      await measureRoute(
        '/fields → results view',
        await signedInContext(browser, server, seeded.customer),
        async (page) => {
          await page.goto(`${server.baseUrl}/fields?field=${seeded.fieldUuid}`);
          await page.getByTestId('report-picker-open').click();
          await page.getByTestId('report-picker-option').filter({ hasNotText: '#' }).first().click();
          await page.getByTestId('results-open').click();
          await page.locator('[data-testid="results-map"][data-map-ready]').waitFor();
        },
      ),
    );
  }
  routes.push(
    await measureRoute(
      '/dashboard (admin)',
      await signedInContext(browser, server, seeded.admin),
      async (page) => {
        await page.goto(`${server.baseUrl}/dashboard`);
        await page.getByTestId('dashboard-figures').waitFor();
      },
    ),
  );
  return routes;
}

/** "h2 in #first-paint ×5, h2 ×2": which element the loads' LCP was, most frequent first. */
function elementsOf(loads: Lcp[]): string {
  const counts = new Map<string, number>();
  for (const load of loads) counts.set(load.element, (counts.get(load.element) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([element, count]) => `${element} ×${count}`)
    .join(', ');
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('Building the web app (production)…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', shell: true });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const [server, browser, staticServer] = await Promise.all([
    // A loaded machine may take minutes to start the server (tsx compiles it on the way).
    startServer({ readyTimeoutMs: 600_000 }),
    launchBrowser(),
    serveStaticPage(),
  ]);
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;
  try {
    const routes = process.env.BENCH_LCP_ONLY === '1' ? [] : await measureRoutes(server, browser);

    // LCP: the app's sign-in page and the static page alternately, so both see the same machine load.
    const app: Lcp[] = [];
    const baseline: Lcp[] = [];
    for (let run = 0; run < LCP_RUNS; run++) {
      baseline.push(await lcpOnce(browser, staticUrl, (page) => page.getByText(HEADING).waitFor()));
      app.push(
        await lcpOnce(browser, `${server.baseUrl}/login`, (page) =>
          page.getByTestId('login-email').waitFor(),
        ),
      );
    }

    if (routes.length > 0) {
      console.log('\nJavaScript over the wire, cold profile (bodies as sent; KB = 1000 bytes)\n');
      console.log(
        '| Route | JS requests | JS sent (brotli) KB | same files gzip KB | map libraries | map worker |',
      );
      console.log('| --- | ---: | ---: | ---: | --- | --- |');
      for (const r of routes) {
        console.log(
          `| ${r.route} | ${r.requests} | ${kb(r.sent)} | ${kb(r.gzipEquivalent)} | ${r.mapLibraries ? 'loaded' : 'not requested'} | ${r.mapWorker ? 'counted' : '—'} |`,
        );
      }
    }
    console.log(
      `\nLCP at ${CPU_SLOWDOWN}× CPU slowdown, 375 px, ${LCP_RUNS} cold loads each (median, min–max)\n`,
    );
    console.log('| Page | LCP ms | min–max ms | ratio | LCP element |');
    console.log('| --- | ---: | ---: | ---: | --- |');
    const row = (name: string, loads: Lcp[], base: number) => {
      const ms = loads.map((load) => load.ms);
      console.log(
        `| ${name} | ${median(ms).toFixed(0)} | ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} | ${(median(ms) / base).toFixed(2)} | ${elementsOf(loads)} |`,
      );
    };
    const base = median(baseline.map((load) => load.ms));
    row('static page, same heading (baseline)', baseline, base);
    row('/login', app, base);
    console.log(
      `\nEach load, static / login (ms): ${baseline.map((b, i) => `${b.ms.toFixed(0)}/${app[i]?.ms.toFixed(0)}`).join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    staticServer.close();
  }
}

await main();
