import { describe, expect, it } from 'vitest';
import type { WeatherHistoryEntry } from './views/agro-history.ts';
import {
  type DailyWeather,
  dailyGdd,
  dailyWeather,
  downyMildewRisk,
  growingDegreeDays,
  growingSeason,
  solarUtcOffsetSeconds,
  viticultureSummary,
  winklerRegion,
} from './viticulture.ts';

const day = (d: string, tminC: number, tmaxC: number, rainMm = 0): DailyWeather => ({
  day: d,
  tminC,
  tmaxC,
  rainMm,
});
const entry = (iso: string, min: number, max: number, rain = 0): WeatherHistoryEntry => ({
  dt: Date.parse(iso) / 1000,
  temp_c: min,
  temp_min_c: min,
  temp_max_c: max,
  humidity: null,
  wind_mph: 0,
  rain_mm: rain,
  icon: 'clear',
});

describe('growingSeason', () => {
  it('is 1 April to 31 October in the north, the last one between seasons', () => {
    expect(growingSeason(38, '2026-06-15')).toEqual({
      hemisphere: 'north',
      start: '2026-04-01',
      end: '2026-10-31',
    });
    expect(growingSeason(38, '2026-04-01').start).toBe('2026-04-01');
    expect(growingSeason(38, '2026-03-31')).toMatchObject({ start: '2025-04-01', end: '2025-10-31' });
  });
  it('is 1 October to 30 April in the south, across the new year', () => {
    expect(growingSeason(-34, '2026-01-10')).toEqual({
      hemisphere: 'south',
      start: '2025-10-01',
      end: '2026-04-30',
    });
    expect(growingSeason(-34, '2026-10-01')).toMatchObject({ start: '2026-10-01', end: '2027-04-30' });
  });
});

describe('growing degree days and the Winkler index', () => {
  it('counts the mean above 10 °C, never below zero', () => {
    expect(dailyGdd({ tminC: 14, tmaxC: 30 })).toBe(12);
    expect(dailyGdd({ tminC: 2, tmaxC: 12 })).toBe(0);
  });
  it('sums only the days of the season', () => {
    const days = [
      day('2026-03-31', 20, 30),
      day('2026-04-01', 10, 20),
      day('2026-10-31', 15, 25),
      day('2026-11-01', 20, 30),
    ];
    expect(growingDegreeDays(days, growingSeason(40, '2026-07-01'))).toBe(15);
  });
  it('names the region by Jones et al. 2010 bounds, lower bound inclusive', () => {
    expect(winklerRegion(849.9)).toBe('too-cool');
    expect(winklerRegion(850)).toBe('Ia');
    expect(winklerRegion(1110.9)).toBe('Ia');
    expect(winklerRegion(1111)).toBe('Ib');
    expect(winklerRegion(1389)).toBe('II');
    expect(winklerRegion(1700)).toBe('III');
    expect(winklerRegion(2000)).toBe('IV');
    expect(winklerRegion(2699)).toBe('V');
    expect(winklerRegion(2700)).toBe('too-hot');
  });
});

describe('dailyWeather', () => {
  it('puts each 9-hour entry on the local day of its middle, min/max of the day, rain summed', () => {
    // Entries at 00, 09 and 18 UTC; at UTC+2 the 18:00 entry's middle (22:30 UTC) is 00:30 the next day.
    const entries = [
      entry('2026-06-01T00:00:00Z', 15, 22, 1),
      entry('2026-06-01T09:00:00Z', 20, 31, 2),
      entry('2026-06-01T18:00:00Z', 14, 21, 4),
      entry('2026-06-02T03:00:00Z', 13, 25, 0),
    ];
    expect(dailyWeather(entries, 0, 1)).toEqual([day('2026-06-01', 14, 31, 7), day('2026-06-02', 13, 25, 0)]);
    expect(dailyWeather(entries, 2 * 3600, 1)).toEqual([
      day('2026-06-01', 15, 31, 3),
      day('2026-06-02', 13, 25, 4),
    ]);
  });
  it('leaves out days with too few entries', () => {
    expect(dailyWeather([entry('2026-06-01T09:00:00Z', 20, 31)], 0)).toEqual([]);
  });
  it('takes a longitude solar offset', () => {
    expect(solarUtcOffsetSeconds(22.7)).toBe(7200);
    expect(solarUtcOffsetSeconds(-120)).toBe(-8 * 3600);
  });
});

describe('downyMildewRisk (3-10 rule)', () => {
  const season = growingSeason(38, '2026-05-10');
  // 5 warm days (GDD 10 each) then rain: 6 mm on the 6th, 5 mm on the 7th.
  const days = [
    day('2026-04-01', 15, 25),
    day('2026-04-02', 15, 25),
    day('2026-04-03', 15, 25),
    day('2026-04-04', 15, 25),
    day('2026-04-05', 15, 25),
    day('2026-04-06', 12, 20, 6),
    day('2026-04-07', 12, 20, 5),
  ];

  it('needs 10 mm over one or two consecutive days and a mean of 10 °C, with shoots of 10 cm', () => {
    const grower = downyMildewRisk(days, season, 'yes');
    expect(grower.latest).toMatchObject({ day: '2026-04-07', rainMm: 11, meanTempC: 16, met: true });
    expect(grower.metDays).toEqual(['2026-04-07']);
  });

  it('takes shoots as shorter than 10 cm until the degree-day estimate says otherwise', () => {
    const estimated = downyMildewRisk(days, season);
    expect(estimated.shootsFrom).toBeNull();
    expect(estimated.latest?.met).toBe(false);
    // A warm spring: 150 °C·days reached by mid-April.
    const warm = [
      ...Array.from({ length: 15 }, (_, i) => day(`2026-04-${String(i + 1).padStart(2, '0')}`, 15, 25)),
      day('2026-04-16', 12, 20, 12),
    ];
    const risk = downyMildewRisk(warm, season);
    expect(risk.shootsFrom).toBe('2026-04-15');
    expect(risk.latest?.met).toBe(true);
    expect(downyMildewRisk(warm, season, 'no').latest?.met).toBe(false);
  });

  it('does not add rain across a gap in the data, nor meet the rule when it is cold', () => {
    const gap = [day('2026-04-01', 15, 25, 6), day('2026-04-03', 15, 25, 5)];
    expect(downyMildewRisk(gap, season, 'yes').latest?.rainMm).toBe(5);
    const cold = [day('2026-04-01', 2, 12, 30)];
    expect(downyMildewRisk(cold, season, 'yes').latest).toMatchObject({ meanTempC: 7, met: false });
  });
});

describe('viticultureSummary', () => {
  it('gives the season so far, its degree days and region', () => {
    const entries = [
      entry('2026-03-31T00:00:00Z', 20, 30),
      entry('2026-03-31T09:00:00Z', 20, 30),
      entry('2026-04-01T00:00:00Z', 10, 20),
      entry('2026-04-01T09:00:00Z', 12, 30),
    ];
    const summary = viticultureSummary(entries, { lat: 38, lng: 0 }, '2026-04-02');
    expect(summary.season).toMatchObject({ start: '2026-04-01', complete: false, firstDay: '2026-04-01' });
    expect(summary.gdd).toBe(10);
    expect(summary.winklerRegion).toBe('too-cool');
    expect(viticultureSummary(entries, { lat: 38, lng: 0 }, '2026-11-02').season.complete).toBe(true);
  });
});
