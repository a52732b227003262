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

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The space between two boxes in pixels: 0 when they touch or overlap. */
function gapBetween(a: Box, b: Box): number {
  const dx = Math.max(b.left - a.right, a.left - b.right, 0);
  const dy = Math.max(b.top - a.bottom, a.top - b.bottom, 0);
  return Math.max(dx, dy);
}

/**
 * How much room the no-imagery notice leaves around it on the map `testId`: the fewest pixels between it
 * and the field's outline (`data-outline-box`), the scale bar and the zoom buttons, and whether the
 * outline lies whole inside the map. Null while there is no notice.
 */
export async function imageryNoticeRoom(page: Page, testId: string) {
  return page.evaluate((target) => {
    const map = document.querySelector(`[data-testid="${target}"]`);
    const notice = map?.querySelector('[data-testid="map-imagery-notice"]');
    if (!map || !notice) return null;
    const frame = map.getBoundingClientRect();
    const local = (element: Element | null) => {
      if (!element) return null;
      const box = element.getBoundingClientRect();
      return {
        left: box.left - frame.left,
        top: box.top - frame.top,
        right: box.right - frame.left,
        bottom: box.bottom - frame.top,
      };
    };
    const [left = 0, top = 0, right = 0, bottom = 0] = (map.getAttribute('data-outline-box') ?? '')
      .split(',')
      .map(Number);
    const outline = { left, top, right, bottom };
    return {
      notice: local(notice),
      outline,
      outlineInside: left >= 0 && top >= 0 && right <= frame.width && bottom <= frame.height,
      scale: local(map.querySelector('.maplibregl-ctrl-scale')),
      zoom: local(map.querySelector('.maplibregl-ctrl-zoom-in')?.parentElement ?? null),
    };
  }, testId);
}

/** The fewest pixels between the notice and the outline, scale bar or zoom buttons (see imageryNoticeRoom). */
export function leastRoom(room: NonNullable<Awaited<ReturnType<typeof imageryNoticeRoom>>>): number {
  const { notice, outline, scale, zoom } = room;
  if (!notice) return 0;
  return Math.min(
    ...[outline, scale, zoom].filter((box) => box !== null).map((box) => gapBetween(notice, box)),
  );
}
