import { describe, expect, it } from 'vitest';
import { celsiusFromKelvin, fieldClock, forecastDay, knots, moisturePercent } from './format.ts';

describe('agro card formats', () => {
  it('shows sunrise at the field offset in the interface language', () => {
    // 03:05 UTC is 06:05 in Nemea in summer (UTC+3).
    expect(fieldClock(1748747100, 10800, 'en')).toBe('6:05 AM');
    expect(fieldClock(1748800080, 10800, 'el')).toMatch(/^8:48\s?μ\.μ\.$/);
  });
  it('converts wind to knots and soil to °C and %', () => {
    expect(knots(9.2)).toBe('8.0');
    expect(knots(10)).toBe('8.7');
    expect(celsiusFromKelvin(295.02)).toBe('21.9');
    expect(celsiusFromKelvin(273.15)).toBe('0.0');
    expect(moisturePercent(0.178)).toBe('17.8');
  });
  it('names forecast days', () => {
    expect(forecastDay('2025-06-02', 'en')).toBe('Mon 02/06');
    expect(forecastDay('2025-06-02', 'el')).toBe('Δευ 02/06');
  });
});
