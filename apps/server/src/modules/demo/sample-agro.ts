import type {
  AgroHistoryFile,
  SatelliteEntryView,
  SatelliteStatsEntry,
  SoilHistoryEntry,
  WeatherHistoryEntry,
  WeatherIcon,
} from '@ampelos/domain';
import { seededRandom } from '@ampelos/domain';
import { WEATHER_ENTRY_SECONDS } from '../../platform/agro/history-series.ts';

const DAY = 86_400;
const HOUR = 3_600;
/** Sentinel-2A and 2B together pass every 5 days. */
const REVISIT_DAYS = 5;

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The growing season the demo shows: 1 April to 31 October of the last one that has started. */
export function lastSeason(now: Date): { from: Date; to: Date } {
  const year = now.getUTCMonth() >= 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const from = new Date(Date.UTC(year, 3, 1));
  const end = new Date(Date.UTC(year, 10, 1));
  return { from, to: end < now ? end : now };
}

/**
 * Climate of a Greek wine region through the season: the mean daily temperature follows a curve
 * from April's ~14 °C to a late-July peak, the day swings around it; rain is likelier in spring and
 * autumn. `warmth` shifts the curve (Santorini's sea, Naoussa's hills).
 */
function dailyMeanC(dayOfSeason: number, warmth: number) {
  return 19.6 + warmth - 7 * Math.cos(((dayOfSeason - 5) / 214) * 2 * Math.PI);
}
function rainChance(month: number) {
  return [0.2, 0.15, 0.06, 0.02, 0.02, 0.08, 0.18][month - 3] ?? 0.1;
}

/**
 * A season of agronomy history for a demo field, in exactly the shapes the providers' answers take
 * in `front_agro_weather.json` (9-hour weather entries, soil twice a day in Kelvin, Sentinel-2 dates
 * every five days with NDVI, EVI2 and NDWI min/mean/max), with values in the ranges of the recorded
 * fixtures (`platform/agro/fixtures/`). Marked `sample: true`: the pages and the PDF say it is
 * sample data, and the agro jobs leave it alone.
 */
export function sampleAgroHistory(options: { seed: number; now: Date; warmth?: number }): AgroHistoryFile {
  const rng = seededRandom(options.seed);
  const warmth = options.warmth ?? 0;
  const { from, to } = lastSeason(options.now);
  const start = Math.floor(from.getTime() / 1000);
  const end = Math.floor(to.getTime() / 1000);

  const weather: WeatherHistoryEntry[] = [];
  const rainByDay = new Map<number, number>();
  for (let day = 0; start + day * DAY < end; day++) {
    const month = new Date((start + day * DAY) * 1000).getUTCMonth();
    if (rng() < rainChance(month)) rainByDay.set(day, round(2 + rng() * 18, 1));
  }
  // Entries start at multiples of 9 hours since the epoch, as the history adapters write them.
  const firstEntry = Math.ceil(start / WEATHER_ENTRY_SECONDS) * WEATHER_ENTRY_SECONDS;
  const rained = new Set<number>();
  for (let dt = firstEntry; dt < end; dt += WEATHER_ENTRY_SECONDS) {
    const day = Math.floor((dt - start) / DAY);
    // Local hour in Greece (UTC+2 in winter, +3 in summer: +2 is near enough for a daily curve).
    const hour = ((dt % DAY) / HOUR + 2) % 24;
    const mean = dailyMeanC(day, warmth) + (rng() - 0.5) * 3;
    // Coldest near dawn, warmest mid-afternoon; an entry's minimum and maximum span its 9 hours.
    const swing = 6.5 + rng() * 1.5;
    const phase = -Math.cos(((hour - 4) / 24) * 2 * Math.PI);
    const temp = mean + swing * phase;
    // A rainy day's rain falls in its first entry.
    const rainMm = rained.has(day) ? 0 : (rainByDay.get(day) ?? 0);
    if (rainMm > 0) rained.add(day);
    const icon: WeatherIcon = rainMm > 0 ? 'rain' : rng() < 0.2 ? 'partly-cloudy' : 'clear';
    weather.push({
      dt,
      temp_c: round(temp, 1),
      temp_min_c: round(Math.min(temp, mean - swing * 0.9), 1),
      temp_max_c: round(Math.max(temp, mean + swing * (phase > 0 ? 1 : 0.4)), 1),
      humidity: Math.round(45 + rng() * 30 + (rainMm > 0 ? 20 : 0)),
      wind_mph: round(2 + rng() * 12, 1),
      rain_mm: rainMm,
      icon,
    });
  }

  const soil: SoilHistoryEntry[] = [];
  let moisture = 0.3;
  for (let dt = start; dt < end; dt += DAY / 2) {
    const day = Math.floor((dt - start) / DAY);
    const noon = dt % DAY !== 0;
    const air = dailyMeanC(day, warmth);
    moisture = Math.max(
      0.09,
      moisture * 0.993 + (noon && rainByDay.has(day) ? 0.012 * (rainByDay.get(day) ?? 0) : 0),
    );
    moisture = Math.min(0.36, moisture);
    soil.push({
      dt,
      t0: round(273.15 + air + (noon ? 8 + rng() * 3 : -4 - rng() * 2), 2),
      t10: round(273.15 + air + (noon ? 2 + rng() : -1 - rng()), 2),
      moisture: round(moisture, 3),
    });
  }

  const images: SatelliteEntryView[] = [];
  const stats: SatelliteStatsEntry[] = [];
  // Sentinel-2 passes over Greece at about 09:20 UTC.
  for (let dt = start + 9 * HOUR + 20 * 60; dt < end; dt += REVISIT_DAYS * DAY) {
    const day = Math.floor((dt - start) / DAY);
    const cloudy = rainByDay.has(day) || rng() < 0.08;
    const cl = cloudy ? round(70 + rng() * 30, 1) : round(rng() * 6, 1);
    // Canopy: bare in April, full in July, colouring in October (the fixture's mean is 0.61 in June).
    const growth = Math.sin(Math.min(1, day / 120) * (Math.PI / 2));
    const ndvi = 0.34 + 0.3 * growth - (day > 150 ? (day - 150) * 0.002 : 0) + (rng() - 0.5) * 0.02;
    const ndwi = 0.12 - (day / 214) * 0.2 + (rng() - 0.5) * 0.02;
    const spread = (centre: number, width: number) => ({
      min: round(centre - width * (0.9 + rng() * 0.2), 4),
      mean: round(centre, 4),
      max: round(centre + width * (0.9 + rng() * 0.2), 4),
    });
    const indices =
      cl > 90 ? {} : { ndvi: spread(ndvi, 0.18), evi2: spread(ndvi * 0.62, 0.12), ndwi: spread(ndwi, 0.12) };
    images.push({ dt, type: 'Sentinel-2', dc: 100, cl, indices: Object.keys(indices) });
    stats.push({ dt, source: 'sentinel-2-stac', cl, dc: 100, indices });
  }

  return {
    generatedAt: options.now.toISOString(),
    sample: true,
    providers: { soil: 'open-meteo', weather: 'open-meteo', satellite: 'sentinel-2-stac' },
    soil_data: soil,
    satellite_data: images,
    weather_data: weather,
    satellite_stats: stats,
  };
}
