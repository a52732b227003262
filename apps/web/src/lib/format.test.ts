import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatPrice } from './format.ts';

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

describe('formatCalendarDate', () => {
  it('writes "Jan 5, 2021" in English and the Greek month in Greek', () => {
    const date = new Date(2021, 0, 5, 12);
    expect(formatCalendarDate(date, 'en')).toBe('Jan 5, 2021');
    expect(formatCalendarDate(date, 'el')).toBe('5 Ιαν 2021');
  });

  it('can show a UTC day boundary as that day', () => {
    expect(formatCalendarDate('2024-12-31T23:59:59.999Z', 'en', { timeZone: 'UTC' })).toBe('Dec 31, 2024');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatCalendarDate(null, 'en')).toBe('');
    expect(formatCalendarDate('nope', 'el')).toBe('');
  });
});

describe('formatPrice', () => {
  it('writes euros with the US number format', () => {
    expect(formatPrice(12_345.6)).toBe('€12,345.60');
    expect(formatPrice(0)).toBe('€0.00');
    expect(formatPrice(-260)).toBe('-€260.00');
  });
});
