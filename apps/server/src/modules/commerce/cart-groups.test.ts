import { describe, expect, it } from 'vitest';
import { addMonths } from './cart-groups.ts';

describe('report validity months', () => {
  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2028-02-29T23:30:00.000Z', 12, '2029-02-28T23:30:00.000Z'],
    ['2026-03-15T00:00:00.000Z', 12, '2027-03-15T00:00:00.000Z'],
    ['2026-12-31T22:00:00.000Z', 2, '2027-02-28T22:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(expected);
  });
});
