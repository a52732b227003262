import { describe, expect, it } from 'vitest';
import { dailyWeather, inWinklerSeason, seasonSummary, sumDegreeDays, winklerRegion } from './season.ts';

const entry = (iso: string, min: number, max: number, rain = 0) => ({
  dt: Date.parse(iso) / 1000,
  temp_c: min,
  temp_min_c: min,
  temp_max_c: max,
  humidity: null,
  wind_mph: 0,
  rain_mm: rain,
  icon: 'clear' as const,
});

describe('growing season figures', () => {
  it('groups the history by UTC day: lowest minimum, highest maximum, rain summed', () => {
    const days = dailyWeather([
      entry('2026-05-02T09:00:00Z', 11, 19, 1),
      entry('2026-05-01T18:00:00Z', 9, 14),
      entry('2026-05-02T18:00:00Z', 13, 24, 2.5),
    ]);
    expect(days).toEqual([
      { day: '2026-05-01', tMinC: 9, tMaxC: 14, rainMm: 0 },
      { day: '2026-05-02', tMinC: 11, tMaxC: 24, rainMm: 3.5 },
    ]);
  });

  it('sums degree days above 10 °C from the daily mean, never below zero', () => {
    const days = [
      { day: '2026-07-01', tMinC: 18, tMaxC: 32, rainMm: 0 },
      { day: '2026-07-02', tMinC: 2, tMaxC: 12, rainMm: 0 },
    ];
    expect(sumDegreeDays(days)).toBe(15);
  });

  it('counts only April to October in the Winkler index (October to April south of the equator)', () => {
    expect(inWinklerSeason('2026-03-31', false)).toBe(false);
    expect(inWinklerSeason('2026-04-01', false)).toBe(true);
    expect(inWinklerSeason('2026-10-31', false)).toBe(true);
    expect(inWinklerSeason('2026-01-15', true)).toBe(true);
    const summary = seasonSummary([
      { day: '2026-03-31', tMinC: 20, tMaxC: 30, rainMm: 1 },
      { day: '2026-04-01', tMinC: 20, tMaxC: 30, rainMm: 2 },
    ]);
    expect(summary).toMatchObject({
      gdd: 30,
      winkler: 15,
      winklerDays: 1,
      seasonDays: 214,
      days: 2,
      rainMm: 3,
    });
    const south = [{ day: '2027-11-01', tMinC: 20, tMaxC: 30, rainMm: 0 }];
    expect(seasonSummary(south, true)).toMatchObject({ winkler: 15, seasonDays: 213 });
    expect(seasonSummary([])).toBeNull();
  });

  it('names the Winkler regions by their limits in °C·days', () => {
    expect(winklerRegion(1389)).toBe('I');
    expect(winklerRegion(1390)).toBe('II');
    expect(winklerRegion(1944)).toBe('III');
    expect(winklerRegion(2000)).toBe('IV');
    expect(winklerRegion(2300)).toBe('V');
  });
});
