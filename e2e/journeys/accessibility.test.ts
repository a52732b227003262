import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atWidth, axeFindings, describeViolations } from '../a11y/axe.ts';
import { type Role, screens } from '../a11y/screens.ts';
import { type Seeded, seed, signedInContext } from '../a11y/seed.ts';
import { type Lang, pickShare, shareSeed } from '../a11y/share.ts';
import { launchBrowser, snapshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// A seeded share of the accessibility run (`npm run a11y` checks every screen in both languages at
// both widths): a few screens a day, each in one language at one width, always one administrator's
// screen; the results viewer is checked in results.test.ts, where a report is already processed.
// A serious or critical axe violation fails the case. A11Y_SEED=<seed> replays a day's share.

const SHARE_SIZE = 4;
const SEED = shareSeed();
const share = pickShare(
  screens.filter((screen) => !screen.needsResults),
  SEED,
  SHARE_SIZE,
);
console.log(
  `Accessibility share: A11Y_SEED=${SEED} → ${share.map((one) => `${one.screen.name}/${one.lang}/${one.width}`).join(', ')}`,
);

let server: RunningServer;
let browser: Browser;
let seeded: Seeded;
const contexts = new Map<string, BrowserContext>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  seeded = await seed(server, browser, { withResults: false });
});
afterAll(async () => {
  await Promise.all([...contexts.values()].map((context) => context.close()));
  await browser?.close();
  await server?.stop();
});

/** One signed-in context per role and language, made when a case first needs it. */
async function contextFor(role: Role, lang: Lang) {
  const key = `${role}/${lang}`;
  let context = contexts.get(key);
  if (!context) {
    context = await signedInContext(browser, server, seeded, role, lang);
    contexts.set(key, context);
  }
  return context;
}

describe(`a seeded share of the accessibility run (A11Y_SEED=${SEED})`, () => {
  it('is the same share for the same seed, another the next day, always with an admin screen', () => {
    const candidates = screens.filter((screen) => !screen.needsResults);
    const names = (seed: number) =>
      pickShare(candidates, seed, SHARE_SIZE).map((one) => `${one.screen.name}/${one.lang}/${one.width}`);
    expect(names(SEED)).toEqual(share.map((one) => `${one.screen.name}/${one.lang}/${one.width}`));
    expect(names(SEED + 1)).not.toEqual(names(SEED));
    expect(new Set(share.map((one) => one.screen.name)).size).toBe(SHARE_SIZE);
    // Over a fortnight (a fixed one: the check is the same every day), most screens come round.
    const seen = new Set(
      Array.from({ length: 14 }, (_, day) => pickShare(candidates, 20_000 + day, SHARE_SIZE)).flatMap(
        (days) => days.map((one) => one.screen.name),
      ),
    );
    for (const seed of [SEED, SEED + 1, SEED + 2]) {
      expect(pickShare(candidates, seed, SHARE_SIZE).some((one) => one.screen.as === 'admin')).toBe(true);
    }
    expect(seen.size).toBeGreaterThan(candidates.length / 2);
  });

  it.each(share.map((one) => [`${one.screen.name}/${one.lang}/${one.width}`, one] as const))(
    '%s has no serious or critical axe violation',
    async (name, { screen, lang, width }) => {
      const page = await (await contextFor(screen.as, lang)).newPage();
      try {
        await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
        await screen.open(page, seeded);
        await atWidth(page, width);
        const { serious } = await axeFindings(page);
        if (serious.length > 0) await snapshot(page, `a11y-${name.replaceAll('/', '-')}`);
        expect(serious, `A11Y_SEED=${SEED} replays this share\n${describeViolations(serious)}`).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
