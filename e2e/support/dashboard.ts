import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

// Reading and driving /dashboard in a browser journey: the charts' data, the range, the map.

/** A calendar day in Greek time (the dashboard's clock), `offset` days from today. */
export function athensDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

/** The Monday of the week of a calendar day. */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The values of one series of a chart, from its data table (the chart's own numbers, unformatted). */
const valuesOf = async (page: Page, chart: string, series: string) =>
  (
    (await page
      .locator(`[data-testid="${chart}"] th[data-series="${series}"]`)
      .getAttribute('data-values')) ?? ''
  )
    .split(',')
    .filter(Boolean)
    .map(Number);

export const seriesValues = (page: Page, series: string) => valuesOf(page, 'growth-chart', series);
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The stacked bars of the orders chart as { series: total }, series without a bar left out. */
export async function orderBars(page: Page): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const series of ['complete', 'pendingPayment']) {
    const total = sum(await valuesOf(page, 'orders-chart', series));
    if (total > 0) totals[series] = total;
  }
  return totals;
}

/** `YYYY-MM-DD` as the date inputs show and read it in every language: DD/MM/YYYY. */
const typedDay = (day: string) => day.split('-').reverse().join('/');

/**
 * Types both days as a user does, day first (no wait between them), closes the calendar that typing
 * opens, and waits for the charts of exactly that range.
 */
export async function setRange(page: Page, from: string, to: string) {
  for (const [testId, day] of [
    ['dashboard-from', from],
    ['dashboard-to', to],
  ] as const) {
    const input = page.getByTestId(testId);
    await input.fill(typedDay(day));
    await input.press('Escape');
  }
  await expect
    .poll(
      async () => [
        new URL(page.url()).search,
        await page.getByTestId('dashboard-figures').getAttribute('data-range'),
      ],
      { timeout: 30_000 },
    )
    .toEqual([`?from=${from}&to=${to}`, `${from}_${to}`]);
}

/** Pixels of the field-outline yellow (#ffd43b) in a screenshot of the map. */
export async function outlinePixels(page: Page): Promise<number> {
  const png = await page.getByTestId('dashboard-map').screenshot();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    if (r > 235 && g > 195 && g < 230 && b < 110) count++;
  }
  return count;
}

export const mapAttribute = (page: Page, name: string) =>
  page.getByTestId('dashboard-map').getAttribute(name);

/** Clicks the biggest cluster in view (and, once clusters are gone, the zoom button) until outlines show. */
export async function zoomIntoCluster(page: Page) {
  const map = page.getByTestId('dashboard-map');
  for (let step = 0; step < 15; step++) {
    await page.locator('[data-testid="dashboard-map"][data-idle]').waitFor({ timeout: 30_000 });
    if (Number(await mapAttribute(page, 'data-outlines')) > 0) return;
    const zoom = await mapAttribute(page, 'data-zoom');
    const cluster = await mapAttribute(page, 'data-largest-cluster');
    if (cluster) {
      const [x, y] = cluster.split(',').map(Number);
      await map.click({ position: { x: x ?? 0, y: y ?? 0 } });
    } else if (Number(zoom) < 12) {
      await map.locator('.maplibregl-ctrl-zoom-in').click();
    } else {
      // Zoomed in enough: the outlines of the fields in view are on their way.
      await expect
        .poll(async () => Number(await mapAttribute(page, 'data-outlines')), { timeout: 30_000 })
        .toBeGreaterThan(0);
      return;
    }
    await expect.poll(() => mapAttribute(page, 'data-zoom'), { timeout: 30_000 }).not.toBe(zoom);
  }
  throw new Error('no field outline after 15 steps');
}
