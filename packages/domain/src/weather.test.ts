import { describe, expect, it } from 'vitest';
import { kelvinToCelsius, mphToKnots } from './units.ts';
import type { ForecastEntryView } from './views/agro.ts';
import { clockTime12, everyThirdEntry, groupForecastByDay } from './weather.ts';

const step = (iso: string, values: Partial<ForecastEntryView>): ForecastEntryView => ({
  dt: Date.parse(iso) / 1000,
  temp_c: 20,
  temp_min_c: 18,
  temp_max_c: 22,
  humidity: 50,
  wind_mph: 5,
  rain_mm: 0,
  clouds: 10,
  description: 'clear sky',
  icon: 'clear',
  ...values,
});

describe('forecast grouped by day (spec section 9)', () => {
  it('takes the maxima of temperature, wind and rain and the average minimum', () => {
    const days = groupForecastByDay([
      step('2025-06-01T06:00:00Z', { temp_min_c: 14, temp_max_c: 19, wind_mph: 4, rain_mm: 0 }),
      step('2025-06-01T12:00:00Z', {
        temp_min_c: 20,
        temp_max_c: 27.4,
        wind_mph: 12,
        rain_mm: 1.2,
        icon: 'rain',
      }),
      step('2025-06-01T18:00:00Z', {
        temp_min_c: 19,
        temp_max_c: 24,
        wind_mph: 9,
        rain_mm: 3.46,
        icon: 'cloudy',
      }),
      step('2025-06-02T03:00:00Z', { temp_min_c: 12, temp_max_c: 15 }),
    ]);
    expect(days).toEqual([
      { day: '2025-06-01', tempMaxC: 27.4, tempMinAvgC: 17.7, windMaxMph: 12, rainMaxMm: 3.5, icon: 'rain' },
      { day: '2025-06-02', tempMaxC: 15, tempMinAvgC: 12, windMaxMph: 5, rainMaxMm: 0, icon: 'clear' },
    ]);
  });

  it('cuts days at the field’s local midnight', () => {
    // 22:30 UTC is already the next day in Athens (UTC+3 in summer).
    const days = groupForecastByDay([step('2025-06-01T22:30:00Z', {})], 3 * 3600);
    expect(days.map((d) => d.day)).toEqual(['2025-06-02']);
  });
});

describe('conversions', () => {
  it('keeps every third weather entry', () => {
    expect(everyThirdEntry([0, 1, 2, 3, 4, 5, 6])).toEqual([0, 3, 6]);
  });
  it('turns Kelvin into °C with one decimal and mph into knots', () => {
    expect(kelvinToCelsius(293.15)).toBe(20);
    expect(kelvinToCelsius(281.96)).toBe(8.8);
    expect(mphToKnots(10)).toBeCloseTo(8.6898, 6);
  });
  it('writes clock times as WeatherAPI does', () => {
    const epoch = Date.parse('2025-06-01T03:05:00Z') / 1000;
    expect(clockTime12(epoch, 3 * 3600)).toBe('06:05 AM');
    expect(clockTime12(epoch + 14 * 3600, 3 * 3600)).toBe('08:05 PM');
    expect(clockTime12(Date.parse('2025-06-01T12:00:00Z') / 1000, 0)).toBe('12:00 PM');
    expect(clockTime12(Date.parse('2025-06-01T00:30:00Z') / 1000, 0)).toBe('12:30 AM');
  });
});
