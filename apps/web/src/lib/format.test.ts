import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  const date = new Date(2021, 1, 14, 10, 30); // 14 February 2021, local time

  it('formats DD/MM/YY by default', () => {
    expect(formatDate(date)).toBe('14/02/21');
  });

  it('formats DD/MM', () => {
    expect(formatDate(date, 'dayMonth')).toBe('14/02');
  });

  it('pads single digits', () => {
    expect(formatDate(new Date(2021, 2, 1), 'short')).toBe('01/03/21');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDate('2021-09-30T12:00:00', 'short')).toBe('30/09/21');
    expect(formatDate(date.getTime(), 'dayMonth')).toBe('14/02');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
