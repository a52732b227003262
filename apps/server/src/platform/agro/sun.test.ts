import { describe, expect, it } from 'vitest';
import { sunTimes } from './sun.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const minutesApart = (a: number, b: number) => Math.abs(a - b) / 60;

describe('sunrise and sunset', () => {
  it('matches the published times for Athens at the summer solstice (within 3 minutes)', () => {
    // timeanddate.com, Athens 2025-06-21: sunrise 06:02, sunset 20:51 (EEST, UTC+3).
    const times = sunTimes(new Date('2025-06-21T09:00:00Z'), 37.98, 23.73);
    expect(minutesApart(times?.sunrise ?? 0, at('2025-06-21T03:02:00Z'))).toBeLessThan(3);
    expect(minutesApart(times?.sunset ?? 0, at('2025-06-21T17:51:00Z'))).toBeLessThan(3);
  });

  it('matches the published times for Napa in winter (west of Greenwich)', () => {
    // timeanddate.com, Napa 2025-12-21: sunrise 07:22, sunset 16:52 (PST, UTC−8).
    const times = sunTimes(new Date('2025-12-21T20:00:00Z'), 38.3, -122.29);
    expect(minutesApart(times?.sunrise ?? 0, at('2025-12-21T15:22:00Z'))).toBeLessThan(3);
    expect(minutesApart(times?.sunset ?? 0, at('2025-12-22T00:52:00Z'))).toBeLessThan(3);
  });

  it('has no sunrise in the polar night', () => {
    expect(sunTimes(new Date('2025-12-21T12:00:00Z'), 80, 15)).toBeNull();
  });
});
