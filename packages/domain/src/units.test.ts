import { describe, expect, it } from 'vitest';
import {
  clampInteger,
  kelvinToCelsius,
  mphToKnots,
  parseIntCapped,
  roundOneDecimal,
  roundTo,
  shootEventHours,
} from './units.ts';

describe('conversions', () => {
  it('Kelvin to Celsius with one decimal', () => {
    expect(kelvinToCelsius(273.15)).toBe(0);
    expect(kelvinToCelsius(293.15)).toBe(20);
    expect(kelvinToCelsius(288.72)).toBe(15.6);
    expect(kelvinToCelsius(263.1)).toBe(-10.1);
  });
  it('mph to knots', () => {
    expect(mphToKnots(10)).toBeCloseTo(8.6898, 10);
    expect(mphToKnots(0)).toBe(0);
  });
  it('shoot calendar event: 0.25 hours per hectare', () => {
    expect(shootEventHours(10_000)).toBe(0.25);
    expect(shootEventHours(40_000)).toBe(1);
  });
});

describe('rounding', () => {
  it('rounds half away from zero despite binary noise', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundOneDecimal(0.25)).toBe(0.3);
    expect(roundOneDecimal(1.04)).toBe(1);
    expect(roundOneDecimal(2.45)).toBe(2.5);
  });
});

describe('clampInteger (1..2000)', () => {
  it.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [150, 150],
    [2000, 2000],
    [2001, 2000],
    [7.9, 7],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('%d → %d', (value, expected) => {
    expect(clampInteger(value)).toBe(expected);
  });
  it('takes other bounds', () => {
    expect(clampInteger(50, 0, 10)).toBe(10);
  });
});

describe('parseIntCapped (cap 2000)', () => {
  it.each([
    ['12', 12],
    ['2000', 2000],
    ['2001', 2000],
    ['99999', 2000],
    ['15abc', 15],
    ['-3', -3],
    [3.7, 3],
  ])('%j → %d', (input, expected) => {
    expect(parseIntCapped(input)).toBe(expected);
  });
  it('returns null when nothing parses', () => {
    expect(parseIntCapped('')).toBeNull();
    expect(parseIntCapped('abc')).toBeNull();
  });
  it('takes another cap', () => {
    expect(parseIntCapped('500', 100)).toBe(100);
  });
});
