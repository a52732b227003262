// Accessibility of every screen: axe on each, in English and Greek, at 375 px and 1440 px, with a
// full-page screenshot of each to look at: `npm run a11y` (builds the web app first). `npm test` runs a
// seeded share of it (journeys/accessibility.test.ts, docs/TESTING.md).
//
//   A11Y_OUT       where the screenshots and results go (default data/a11y, ignored by git)
//   A11Y_ONLY      a regular expression: only the screens whose name matches
//   A11Y_LANGS     comma-separated languages (default en,el)
//   A11Y_WIDTHS    comma-separated viewport widths (default 375,1440)
//   A11Y_BASELINE  a summary.json of an earlier run to compare with (default <out>/baseline.json,
//                  written by the first run)
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { retryClosedConnections } from '../support/patient-fetch.ts';
import { startServer } from '../support/server.ts';
import { atWidth, axeFindings, type Violation } from './axe.ts';
import { type LayoutFindings, layoutFindings } from './layout.ts';
import { type Role, type Screen, screens } from './screens.ts';
import { type Seeded, seed, signedInContext } from './seed.ts';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.resolve(root, process.env.A11Y_OUT ?? 'data/a11y');
const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
const langs = (process.env.A11Y_LANGS ?? 'en,el').split(',') as ('en' | 'el')[];
const widths = (process.env.A11Y_WIDTHS ?? '375,1440').split(',').map(Number);
const baselineFile = process.env.A11Y_BASELINE ?? path.join(outDir, 'baseline.json');

/**
 * `screen/lang/width` → its serious and critical violations (other impacts are counted only), and what
 * a reader would see cut or squeezed (three-line labels are looked for on phones only).
 */
type Summary = Record<
  string,
  { serious: Violation[]; minor: number; layout?: LayoutFindings; error?: string }
>;

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
const selected = screens.filter((screen) => !only || only.test(screen.name));
await mkdir(outDir, { recursive: true });

retryClosedConnections();
const started = Date.now();
const [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 600_000 }), launchBrowser()]);
const summary: Summary = {};
try {
  console.log('Seeding accounts and data (a report is processed, about a minute)…');
  const seeded = await seed(server, browser, { withResults: selected.some((screen) => screen.needsResults) });
  for (const lang of langs) {
    const contexts = await signedInContexts(browser, seeded, lang);
    for (const screen of selected) {
      const checked = await check(contexts[screen.as], screen, seeded, lang);
      for (const [width, found] of Object.entries(checked)) {
        const key = `${screen.name}/${lang}/${width}`;
        summary[key] = found;
        const line = found.error
          ? `ERROR ${found.error.split('\n')[0]}`
          : `${found.serious.reduce((sum, v) => sum + v.nodes, 0)} serious/critical ${found.serious.map((v) => v.id).join(' ')}`;
        console.log(`${key.padEnd(36)} ${line}`);
        for (const label of found.layout?.threeLine ?? [])
          console.log(`${''.padEnd(36)} three lines: ${label}`);
        for (const cut of found.layout?.truncated ?? []) console.log(`${''.padEnd(36)} cut: ${cut}`);
        for (const wide of found.layout?.overflowing ?? [])
          console.log(`${''.padEnd(36)} wider than the screen: ${wide}`);
      }
      // Written as it goes: a partial run on a busy machine still says what it found.
      await writeFile(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
    }
    await Promise.all(Object.values(contexts).map((context) => context.close()));
  }
} catch (error) {
  console.error(`Server log (last lines):\n${server.logs.join('').split('\n').slice(-40).join('\n')}`);
  throw error;
} finally {
  await browser.close();
  await server.stop();
}

await writeFile(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
const baseline: Summary | null = existsSync(baselineFile)
  ? JSON.parse(await readFile(baselineFile, 'utf8'))
  : null;
if (!baseline) await writeFile(baselineFile, JSON.stringify(summary, null, 2));
printTable(summary, baseline);
console.log(`\nScreenshots and summary.json in ${outDir} (${Math.round((Date.now() - started) / 1000)} s)`);

async function signedInContexts(browser: Browser, seeded: Seeded, lang: 'en' | 'el') {
  // Only the roles of the selected screens sign in (a run of one role's screens pays for one sign-in).
  const contexts = {} as Record<Role, BrowserContext>;
  for (const role of new Set(selected.map((screen) => screen.as))) {
    contexts[role] = await signedInContext(browser, server, seeded, role, lang);
  }
  return contexts;
}

/** Opens the screen once, then checks it at each width (the layout follows the viewport live). */
async function check(context: BrowserContext, screen: Screen, seeded: Seeded, lang: string) {
  const page: Page = await context.newPage();
  const checked: Record<number, Summary[string]> = {};
  const [first = 1440] = widths;
  try {
    await page.setViewportSize({ width: first, height: first < 800 ? 812 : 900 });
    await screen.open(page, seeded);
    for (const width of widths) {
      checked[width] = await checkAt(page, screen, lang, width).catch((error) => ({
        serious: [],
        minor: 0,
        error: String(error),
      }));
    }
  } catch (error) {
    await page.screenshot({ path: path.join(outDir, `error-${screen.name}-${lang}.png`) }).catch(() => {});
    for (const width of widths) checked[width] = { serious: [], minor: 0, error: String(error) };
  } finally {
    await page.close();
  }
  return checked;
}

async function checkAt(page: Page, screen: Screen, lang: string, width: number) {
  await atWidth(page, width);
  const dir = path.join(outDir, lang);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${screen.name}-${width}.png`), fullPage: true });
  const { serious, minor } = await axeFindings(page);
  const layout = await layoutFindings(page);
  if (width >= 800) layout.threeLine = [];
  return { serious, minor, layout };
}

function printTable(now: Summary, before: Summary | null) {
  const cell = (entry: Summary[string] | undefined) =>
    !entry ? '–' : entry.error ? 'error' : String(entry.serious.reduce((sum, v) => sum + v.nodes, 0));
  const columns = langs.flatMap((lang) => widths.map((width) => `${lang}/${width}`));
  console.log(
    `\nSerious + critical axe violations (elements) per screen${before ? ' — before → now' : ''}\n`,
  );
  console.log(['screen'.padEnd(22), ...columns.map((column) => column.padStart(12)), '  rules'].join(''));
  for (const screen of selected) {
    const cells = columns.map((column) => {
      const key = `${screen.name}/${column}`;
      const value = cell(now[key]);
      return (before && before !== now ? `${cell(before[key])}→${value}` : value).padStart(12);
    });
    const rules = new Set(
      columns.flatMap((column) => now[`${screen.name}/${column}`]?.serious.map((v) => v.id) ?? []),
    );
    console.log([screen.name.padEnd(22), ...cells, `  ${[...rules].join(', ')}`].join(''));
  }
}
