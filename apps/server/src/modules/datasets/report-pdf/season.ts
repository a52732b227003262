import type { WeatherHistoryEntry } from '@ampelos/domain';

/** One day of the weather history: the day's extremes and its rain. */
export interface DailyWeather {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  tMinC: number;
  tMaxC: number;
  rainMm: number;
}

/**
 * The history's entries grouped by UTC day: lowest minimum, highest maximum, rain summed. A kept
 * entry stands for 9 hours from its start (docs/AGRO.md) and counts for the day it starts on.
 */
export function dailyWeather(entries: readonly WeatherHistoryEntry[]): DailyWeather[] {
  const days = new Map<string, DailyWeather>();
  for (const entry of entries) {
    const day = new Date(entry.dt * 1000).toISOString().slice(0, 10);
    const known = days.get(day);
    if (!known) {
      days.set(day, { day, tMinC: entry.temp_min_c, tMaxC: entry.temp_max_c, rainMm: entry.rain_mm });
    } else {
      known.tMinC = Math.min(known.tMinC, entry.temp_min_c);
      known.tMaxC = Math.max(known.tMaxC, entry.temp_max_c);
      known.rainMm += entry.rain_mm;
    }
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Base temperature of grapevine growth (Winkler): no development below 10 °C. */
export const GDD_BASE_C = 10;

/** A day's growing degree days: the mean of its extremes above the base, never negative. */
const degreeDays = (day: DailyWeather, base: number) => Math.max(0, (day.tMinC + day.tMaxC) / 2 - base);

/** Growing degree days summed over the days (base 10 °C, mean of daily minimum and maximum). */
export function sumDegreeDays(days: readonly DailyWeather[], base = GDD_BASE_C): number {
  return days.reduce((sum, day) => sum + degreeDays(day, base), 0);
}

/** Winkler's season: 1 April to 31 October north of the equator, 1 October to 30 April south of it. */
export function inWinklerSeason(day: string, southern: boolean): boolean {
  const month = Number(day.slice(5, 7));
  return southern ? month >= 10 || month <= 4 : month >= 4 && month <= 10;
}

/**
 * Winkler regions I–V by the season's degree days in °C (Amerine and Winkler 1944; their °F limits
 * 2500, 3000, 3500 and 4000 converted).
 */
const WINKLER_LIMITS: [number, string][] = [
  [1389, 'I'],
  [1667, 'II'],
  [1944, 'III'],
  [2222, 'IV'],
];
export function winklerRegion(index: number): string {
  return WINKLER_LIMITS.find(([limit]) => index <= limit)?.[1] ?? 'V';
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** 1 October – 30 April: 212 days, 213 when its February is a leap one. */
function southernSeasonDays(day: string) {
  const year = Number(day.slice(0, 4));
  return isLeap(Number(day.slice(5, 7)) >= 10 ? year + 1 : year) ? 213 : 212;
}

export interface SeasonSummary {
  firstDay: string;
  lastDay: string;
  days: number;
  /** Growing degree days over every day of the history. */
  gdd: number;
  /** Degree days of the history's days inside Winkler's season. */
  winkler: number;
  /** How many of the season's days the history covers. */
  winklerDays: number;
  /** Days of the season: 214 (1 April – 31 October), 212 south of the equator (213 in a leap year). */
  seasonDays: number;
  rainMm: number;
}

/** The growing-season figures of the PDF, from the report's weather history; null without data. */
export function seasonSummary(days: readonly DailyWeather[], southern = false): SeasonSummary | null {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const season = days.filter((day) => inWinklerSeason(day.day, southern));
  return {
    firstDay: first.day,
    lastDay: last.day,
    days: days.length,
    gdd: sumDegreeDays(days),
    winkler: sumDegreeDays(season),
    winklerDays: season.length,
    seasonDays: southern ? southernSeasonDays(first.day) : 214,
    rainMm: days.reduce((sum, day) => sum + day.rainMm, 0),
  };
}
