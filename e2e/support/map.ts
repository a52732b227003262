import type { Page } from 'playwright-core';

/** Waits until the map stops moving and loading (MapLibre's 'idle', `data-map-settled` on its element). */
export async function mapSettled(page: Page, testId: string) {
  await page.locator(`[data-testid="${testId}"][data-map-ready][data-map-settled]`).waitFor();
}

/** Does something that moves the map (a zoom button, the wheel), then waits for that move to end and settle. */
export async function moveMap(page: Page, testId: string, move: () => Promise<unknown>) {
  const selector = `[data-testid="${testId}"]`;
  const movesBefore = await page.locator(selector).getAttribute('data-map-moves');
  await move();
  await page.waitForFunction(
    ([target, before]) => {
      const element = document.querySelector(target as string);
      return (
        element !== null &&
        element.getAttribute('data-map-moves') !== before &&
        element.hasAttribute('data-map-settled')
      );
    },
    [selector, movesBefore] as const,
  );
}
