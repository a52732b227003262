import { createTheme, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableVariantColors } from './readable-colors.ts';

const theme = mergeMantineTheme(DEFAULT_THEME, createTheme({ primaryColor: 'grape', primaryShade: 8 }));

describe('readable variant colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });

  it('gives every palette colour AA text on light badges and under white text when filled', () => {
    const variables = readableVariantColors(theme);
    for (const [name, shades] of Object.entries(theme.colors)) {
      const text = variables[`--mantine-color-${name}-light-color`] as string;
      const filled = variables[`--mantine-color-${name}-filled`] as string;
      expect(contrastRatio(text, shades[1] as string), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, shades[2] as string), `${name} light hover`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(filled, '#ffffff'), `${name} filled`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves colours that already read well as they are', () => {
    expect(readableVariantColors(theme)['--mantine-color-grape-filled']).toBe(theme.colors.grape[8]);
  });
});
