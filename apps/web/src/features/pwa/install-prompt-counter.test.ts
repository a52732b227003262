import { describe, expect, it } from 'vitest';
import { parseShownCount, shouldShowInstallPrompt } from './install-prompt-counter.ts';

describe('install prompt counter', () => {
  it('shows the prompt at most 3 times', () => {
    expect([0, 1, 2, 3, 4].map(shouldShowInstallPrompt)).toEqual([true, true, true, false, false]);
  });

  it('reads a missing or garbled count as zero', () => {
    expect(parseShownCount(null)).toBe(0);
    expect(parseShownCount('abc')).toBe(0);
    expect(parseShownCount('-2')).toBe(0);
    expect(parseShownCount('2')).toBe(2);
  });
});
