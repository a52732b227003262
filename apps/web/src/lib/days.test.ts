import { describe, expect, it } from 'vitest';
import { parseTypedDay } from './days.ts';

describe('parseTypedDay', () => {
  it('reads the day first, with slashes, dots or dashes and a two- or four-digit year', () => {
    expect(parseTypedDay('05/03/2025')).toBe('2025-03-05');
    expect(parseTypedDay('5/3/2025')).toBe('2025-03-05');
    expect(parseTypedDay(' 05.03.25 ')).toBe('2025-03-05');
    expect(parseTypedDay('05-03-2025')).toBe('2025-03-05');
  });

  it('reads an ISO day as it is', () => {
    expect(parseTypedDay('2025-03-05')).toBe('2025-03-05');
  });

  it('refuses what is no real day instead of reading it month first', () => {
    expect(parseTypedDay('13/25/2025')).toBeNull();
    expect(parseTypedDay('31/02/2025')).toBeNull();
    expect(parseTypedDay('29/02/2024')).toBe('2024-02-29');
    expect(parseTypedDay('29/02/2025')).toBeNull();
    expect(parseTypedDay('2025-02-30')).toBeNull();
    expect(parseTypedDay('05/03')).toBeNull();
    expect(parseTypedDay('')).toBeNull();
  });
});
