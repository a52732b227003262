// Accessibility of every screen: axe on each, in English and Greek, at 375 px and 1440 px, with a
// full-page screenshot of each to look at. Not part of `npm test`: `npm run a11y -w @ampelos/e2e`.
//
//   A11Y_OUT       where the screenshots and results go (default data/a11y, ignored by git)
//   A11Y_ONLY      a regular expression: only the screens whose name matches
//   A11Y_LANGS     comma-separated languages (default en,el)
//   A11Y_BASELINE  a summary.json of an earlier run to compare with (default <out>/baseline.json,
//                  written by the first run)
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import { type Role, type Screen, screens } from './screens.ts';
import { type Seeded, seed, signIn } from './seed.ts';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.resolve(root, process.env.A11Y_OUT ?? 'data/a11y');
const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
const langs = (process.env.A11Y_LANGS ?? 'en,el').split(',') as ('en' | 'el')[];
const widths = [375, 1440];
const baselineFile = process.env.A11Y_BASELINE ?? path.join(outDir, 'baseline.json');

interface Violation {
  id: string;
  impact: string;
  nodes: number;
  targets: string[];
  help: string;
}
/** `screen/lang/width` → its serious and critical violations (other impacts are counted only). */
type Summary = Record<string, { serious: Violation[]; minor: number; error?: string }>;

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
const selected = screens.filter((screen) => !only || only.test(screen.name));
await mkdir(outDir, { recursive: true });

const started = Date.now();
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
const summary: Summary = {};
try {
  console.log('Seeding accounts and data (a report is processed, about a minute)…');
  const seeded = await seed(server, browser, { withResults: selected.some((screen) => screen.needsResults) });
  for (const lang of langs) {
    const contexts = await signedInContexts(browser, server.baseUrl, seeded, lang);
    for (const screen of selected) {
      for (const width of widths) {
        const key = `${screen.name}/${lang}/${width}`;
        summary[key] = await check(contexts[screen.as], screen, seeded, lang, width);
        const found = summary[key];
        const line = found.error
          ? `ERROR ${found.error.split('\n')[0]}`
          : `${found.serious.length} serious/critical`;
        console.log(`${key.padEnd(36)} ${line}`);
      }
    }
    await Promise.all(Object.values(contexts).map((context) => context.close()));
  }
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

async function signedInContexts(browser: Browser, baseURL: string, seeded: Seeded, lang: 'en' | 'el') {
  const contexts = {} as Record<Role, BrowserContext>;
  for (const role of ['anonymous', 'customer', 'admin'] as const) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    // Anonymous pages remember the language on the device; signed-in users carry it on the account.
    await context.addInitScript((chosen) => localStorage.setItem('ampelos.lang', chosen), lang);
    if (role !== 'anonymous') {
      const page = await context.newPage();
      await signIn(page, server, seeded[role]);
      const answer = await page.request.post('/api/user/settings/changeLanguage', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        data: { lang },
      });
      if (!answer.ok()) throw new Error(`changeLanguage: ${answer.status()}`);
      await page.close();
    }
    contexts[role] = context;
  }
  return contexts;
}

async function check(context: BrowserContext, screen: Screen, seeded: Seeded, lang: string, width: number) {
  const page: Page = await context.newPage();
  try {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
    await screen.open(page, seeded);
    // Transitions (modals, drawers) and late images settle.
    await page.waitForTimeout(700);
    const dir = path.join(outDir, lang);
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${screen.name}-${width}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        nodes: violation.nodes.length,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        help: violation.help,
      }));
    const minor = results.violations.length - serious.length;
    return { serious, minor };
  } catch (error) {
    await page
      .screenshot({ path: path.join(outDir, `error-${screen.name}-${lang}-${width}.png`) })
      .catch(() => {});
    return { serious: [], minor: 0, error: String(error) };
  } finally {
    await page.close();
  }
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
