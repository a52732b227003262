import { roundOneDecimal } from './units.ts';
import type { AgroProvider } from './views/agro.ts';
import type { WeatherHistoryEntry } from './views/agro-history.ts';

/**
 * Viticulture indicators from the weather history (docs/AGRO.md, "Viticulture indicators"): growing
 * degree days, the Winkler index and region of the season, and the 3-10 rule of downy mildew's
 * primary infections. Pure functions: the server answers them, the web recomputes the risk when the
 * grower says how long the shoots are.
 */

/** Vines grow above 10 °C: the base of growing degree days (Amerine & Winkler 1944). */
export const GDD_BASE_C = 10;

/** One day of weather at the field (local day). */
export interface DailyWeather {
  /** `YYYY-MM-DD`, local to the field. */
  day: string;
  tminC: number;
  tmaxC: number;
  rainMm: number;
}

export type Hemisphere = 'north' | 'south';

export interface GrowingSeason {
  hemisphere: Hemisphere;
  /** `YYYY-MM-DD`, first day. */
  start: string;
  /** `YYYY-MM-DD`, last day. */
  end: string;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The growing season a day belongs to, or the last one when the day is between seasons: 1 April to
 * 31 October in the northern hemisphere, 1 October to 30 April in the southern (Winkler's season).
 */
export function growingSeason(latitude: number, today: string): GrowingSeason {
  const year = Number(today.slice(0, 4));
  const monthDay = today.slice(5);
  if (latitude >= 0) {
    const seasonYear = monthDay >= '04-01' ? year : year - 1;
    return { hemisphere: 'north', start: iso(seasonYear, 4, 1), end: iso(seasonYear, 10, 31) };
  }
  const startYear = monthDay >= '10-01' ? year : year - 1;
  return { hemisphere: 'south', start: iso(startYear, 10, 1), end: iso(startYear + 1, 4, 30) };
}

/**
 * The field's local day of a moment, with the offset of its longitude's solar time zone (15° an hour):
 * the history carries no time zone, and a day boundary an hour off moves a few degree hours at most.
 */
export const solarUtcOffsetSeconds = (longitude: number) => Math.round(longitude / 15) * 3600;

/**
 * Days from the weather history: each entry (9 hours, its minimum, maximum and rain) belongs to the
 * day of its middle; a day's minimum and maximum are those of its entries, its rain their sum. Days
 * covered by fewer than `minEntries` entries (a day has 2 to 3) are left out as incomplete.
 */
export function dailyWeather(
  entries: readonly WeatherHistoryEntry[],
  utcOffsetSeconds: number,
  minEntries = 2,
): DailyWeather[] {
  const days = new Map<string, WeatherHistoryEntry[]>();
  const sorted = [...entries].sort((a, b) => a.dt - b.dt);
  sorted.forEach((entry, index) => {
    const next = sorted[index + 1];
    // An entry stands for the time until the next one, 9 hours at most.
    const span = Math.min(9 * 3600, next ? next.dt - entry.dt : 9 * 3600);
    const middle = entry.dt + span / 2 + utcOffsetSeconds;
    const day = new Date(middle * 1000).toISOString().slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), entry]);
  });
  return [...days.entries()]
    .filter(([, list]) => list.length >= minEntries)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({
      day,
      tminC: Math.min(...list.map((e) => e.temp_min_c)),
      tmaxC: Math.max(...list.map((e) => e.temp_max_c)),
      rainMm: roundOneDecimal(list.reduce((sum, e) => sum + e.rain_mm, 0)),
    }));
}

/** A day's growing degree days: max(0, (Tmax + Tmin) / 2 − 10 °C), the average method. */
export const dailyGdd = (day: Pick<DailyWeather, 'tminC' | 'tmaxC'>) =>
  Math.max(0, (day.tmaxC + day.tminC) / 2 - GDD_BASE_C);

/** Growing degree days (base 10 °C) summed over the days within the season (°C·days, one decimal). */
export function growingDegreeDays(
  days: readonly DailyWeather[],
  season: Pick<GrowingSeason, 'start' | 'end'>,
) {
  const inSeason = days.filter((d) => d.day >= season.start && d.day <= season.end);
  return roundOneDecimal(inSeason.reduce((sum, d) => sum + dailyGdd(d), 0));
}

/**
 * Winkler regions in °C·days (Jones et al. 2010, who split Winkler's Region I into Ia and Ib); each
 * region from its lower bound (inclusive) to the next one's.
 */
export const WINKLER_REGIONS = [
  { region: 'Ia', min: 850, max: 1111 },
  { region: 'Ib', min: 1111, max: 1389 },
  { region: 'II', min: 1389, max: 1667 },
  { region: 'III', min: 1667, max: 1944 },
  { region: 'IV', min: 1944, max: 2222 },
  { region: 'V', min: 2222, max: 2700 },
] as const;
export type WinklerRegion = (typeof WINKLER_REGIONS)[number]['region'] | 'too-cool' | 'too-hot';

/** The Winkler region of a season's degree days; below 850 too cool, from 2700 too hot for wine grapes. */
export function winklerRegion(gdd: number): WinklerRegion {
  if (gdd < WINKLER_REGIONS[0].min) return 'too-cool';
  const found = WINKLER_REGIONS.find((r) => gdd >= r.min && gdd < r.max);
  return found ? found.region : 'too-hot';
}

/** The 3-10 rule's thresholds (Baldacci 1947). */
export const DOWNY_MILDEW_RULE = {
  minMeanTempC: 10,
  minRainMm: 10,
  /** Rain is summed over one day or two consecutive days (24–48 h). */
  rainWindowDays: 2,
  minShootCm: 10,
} as const;

/**
 * Shoot length is not measured: until the grower says otherwise, shoots are taken to have reached
 * 10 cm once the season has this many growing degree days (base 10 °C). Budburst takes roughly the
 * first 50–100 °C·days of spring and a shoot then grows about 1 cm a day in mild weather; 150 °C·days
 * is our own conservative estimate (docs/AGRO.md), shown to the grower as an assumption.
 */
export const SHOOTS_10CM_GDD_ESTIMATE = 150;

export type ShootLengthAnswer = 'estimate' | 'yes' | 'no';

export interface DownyMildewDay {
  day: string;
  /** Mean temperature of the window's days, °C. */
  meanTempC: number;
  /** Rain of the window (this day and the one before), mm. */
  rainMm: number;
  shootsAssumed: boolean;
  met: boolean;
}

export interface DownyMildewRisk {
  /** The last day with data and whether the rule is met there (the indicator). */
  latest: DownyMildewDay | null;
  /** Days of the season on which the rule was met, newest first. */
  metDays: string[];
  /** The first day shoots count as ≥ 10 cm (estimate or grower), null if not yet. */
  shootsFrom: string | null;
  shoots: ShootLengthAnswer;
}

/**
 * The 3-10 rule for each day of the season: a mean temperature of at least 10 °C and at least 10 mm
 * of rain over the day and the one before (24–48 h), with shoots at least 10 cm long. The shoots come
 * from the grower's answer ('yes'/'no') or, by default, from the degree-day estimate.
 */
export function downyMildewRisk(
  days: readonly DailyWeather[],
  season: Pick<GrowingSeason, 'start' | 'end'>,
  shoots: ShootLengthAnswer = 'estimate',
): DownyMildewRisk {
  const inSeason = days.filter((d) => d.day >= season.start && d.day <= season.end);
  let gdd = 0;
  let shootsFrom: string | null = null;
  const evaluated: DownyMildewDay[] = inSeason.map((day, index) => {
    gdd += dailyGdd(day);
    const shootsAssumed = shoots === 'yes' || (shoots === 'estimate' && gdd >= SHOOTS_10CM_GDD_ESTIMATE);
    if (shootsAssumed && shootsFrom === null) shootsFrom = day.day;
    const previous = inSeason[index - 1];
    const consecutive = previous && Date.parse(day.day) - Date.parse(previous.day) === 86_400_000;
    const window = consecutive && previous ? [previous, day] : [day];
    const meanTempC = roundOneDecimal(
      window.reduce((sum, d) => sum + (d.tminC + d.tmaxC) / 2, 0) / window.length,
    );
    const rainMm = roundOneDecimal(window.reduce((sum, d) => sum + d.rainMm, 0));
    const met =
      meanTempC >= DOWNY_MILDEW_RULE.minMeanTempC && rainMm >= DOWNY_MILDEW_RULE.minRainMm && shootsAssumed;
    return { day: day.day, meanTempC, rainMm, shootsAssumed, met };
  });
  return {
    latest: evaluated.at(-1) ?? null,
    metDays: evaluated
      .filter((d) => d.met)
      .map((d) => d.day)
      .reverse(),
    shootsFrom,
    shoots,
  };
}

/** `GET /api/agro/viticulture?fieldUuid=` and the results viewer: the season's indicators. */
export interface ViticultureSummary {
  season: GrowingSeason & {
    /** The season is over: its degree days are its Winkler index; otherwise the index so far. */
    complete: boolean;
    /** First and last day with data. */
    firstDay: string | null;
    lastDay: string | null;
  };
  /** Growing degree days of the season so far (°C·days): the Winkler index once it is complete. */
  gdd: number;
  winklerRegion: WinklerRegion;
  days: DailyWeather[];
  downyMildew: DownyMildewRisk;
}

/** The season's indicators at a field from its weather history (entries of any period; the season's are used). */
export function viticultureSummary(
  entries: readonly WeatherHistoryEntry[],
  point: { lat: number; lng: number },
  today: string,
  shoots: ShootLengthAnswer = 'estimate',
): ViticultureSummary {
  const season = growingSeason(point.lat, today);
  const days = dailyWeather(entries, solarUtcOffsetSeconds(point.lng)).filter(
    (d) => d.day >= season.start && d.day <= season.end,
  );
  const gdd = growingDegreeDays(days, season);
  return {
    season: {
      ...season,
      complete: today > season.end,
      firstDay: days[0]?.day ?? null,
      lastDay: days.at(-1)?.day ?? null,
    },
    gdd,
    winklerRegion: winklerRegion(gdd),
    days,
    downyMildew: downyMildewRisk(days, season, shoots),
  };
}

/** `GET /api/agro/viticulture?fieldUuid=`: the season's indicators and where their weather came from. */
export interface ViticultureView extends ViticultureSummary {
  /** The weather provider's history, or the field's latest report file when the provider failed. */
  source: AgroProvider | 'report-file';
}
