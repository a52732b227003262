import { type CSSVariablesResolver, darken, type MantineTheme } from '@mantine/core';

/** WCAG AA for normal text, with a little room for anti-aliasing and rounding. */
const TARGET_CONTRAST = 4.6;

function channels(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex?.[1]) {
    const value = Number.parseInt(hex[1], 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  }
  const rgb = /rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/i.exec(color);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`unreadable colour ${color}`);
}

function luminance(color: string): number {
  const [r, g, b] = channels(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color` darkened in small steps until it reads at AA contrast against `background`. */
export function readableOn(color: string, background: string): string {
  let candidate = color;
  for (
    let amount = 0.05;
    contrastRatio(candidate, background) < TARGET_CONTRAST && amount <= 1;
    amount += 0.05
  ) {
    candidate = darken(color, amount);
  }
  return candidate;
}

/**
 * Mantine's light colour scheme puts shade-9 text on shade-1 "light" badges and alerts, and white text on
 * the filled shade (8 here): for green, yellow, orange, lime, cyan and teal these read below WCAG AA
 * (axe color-contrast on order-status badges and the green "Place order" button). Every palette colour
 * gets a light-variant text and a filled shade darkened just enough to reach 4.5:1.
 */
export function readableVariantColors(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const [, light, lightHover] = shades;
    const filled = shades[8];
    if (!light || !lightHover || !filled || !shades[9]) continue;
    // Text on both the light background and its hover shade.
    variables[`--mantine-color-${name}-light-color`] = readableOn(readableOn(shades[9], lightHover), light);
    const readableFilled = readableOn(filled, '#ffffff');
    variables[`--mantine-color-${name}-filled`] = readableFilled;
    variables[`--mantine-color-${name}-filled-hover`] = darken(readableFilled, 0.1);
  }
  return variables;
}

/** Secondary ("dimmed") text, error messages and the colour variants readable at AA contrast on white. */
export const readableColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6670',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    ...readableVariantColors(theme),
  },
  dark: {},
});
