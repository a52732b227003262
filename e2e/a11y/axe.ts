import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// What the full accessibility run (a11y/run.ts) and its seeded share in the journeys
// (journeys/accessibility.test.ts, results.test.ts) both do on a screen.

export interface Violation {
  id: string;
  impact: string;
  nodes: number;
  targets: string[];
  help: string;
}

/**
 * Waits for the page to settle on its new width: a rendered frame or two (media-query re-renders),
 * then no running transition or animation that ends (modals, drawers), every image and font loaded.
 */
export async function settled(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // A loader spins for ever: only animations that end are waited for.
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ) &&
      Array.from(document.images).every((image) => image.complete) &&
      document.fonts.status === 'loaded',
  );
}

/** Puts the page at `width` (a phone's or a desktop's height) and lets it settle. */
export async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
  await settled(page);
}

/** Axe on the page as it is: its serious and critical violations, and how many others it found. */
export async function axeFindings(page: Page): Promise<{ serious: Violation[]; minor: number }> {
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
  return { serious, minor: results.violations.length - serious.length };
}

/** One line per serious violation: rule, elements, help and the first targets (a failing test's message). */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}, ${v.nodes} elements): ${v.help} — ${v.targets.join(' | ')}`)
    .join('\n');
}
