import { z } from 'zod';
import type { DailyWeather, DownyMildewDay, DownyMildewRisk, ViticultureView } from '../../viticulture.ts';
import type {
  CurrentWeatherView,
  ForecastEntryView,
  SatelliteEntryView,
  SoilView,
  WeatherForecastView,
} from '../agro.ts';
import { AGRO_PROVIDERS, WEATHER_ICONS } from '../agro.ts';
import type {
  AgroHistoryView,
  IndexStats,
  SatelliteStatsEntry,
  SoilHistoryEntry,
  WeatherHistoryEntry,
} from '../agro-history.ts';
import { SATELLITE_SOURCES } from '../agro-history.ts';
import type { AgroRunView } from '../agro-jobs.ts';
import { AGRO_JOB_KINDS, AGRO_RUN_STATUSES } from '../agro-jobs.ts';
import { agree, type Loosen, type Same } from './agreement.ts';

export const agroRunViewSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(AGRO_JOB_KINDS),
  status: z.enum(AGRO_RUN_STATUSES),
  requestedBy: z.string().nullable(),
  total: z.number().nullable(),
  done: z.number(),
  updated: z.number(),
  failed: z.number(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export const soilHistoryEntrySchema = z.strictObject({
  dt: z.number(),
  t0: z.number(),
  t10: z.number(),
  moisture: z.number(),
});
export const satelliteEntryViewSchema = z.strictObject({
  dt: z.number(),
  type: z.string(),
  dc: z.number(),
  cl: z.number(),
  indices: z.array(z.string()),
});
export const weatherHistoryEntrySchema = z.strictObject({
  dt: z.number(),
  temp_c: z.number(),
  temp_min_c: z.number(),
  temp_max_c: z.number(),
  humidity: z.number().nullable(),
  wind_mph: z.number(),
  rain_mm: z.number(),
  icon: z.enum(WEATHER_ICONS),
});
export const indexStatsSchema = z.strictObject({ min: z.number(), max: z.number(), mean: z.number() });
export const satelliteStatsEntrySchema = z.strictObject({
  dt: z.number(),
  source: z.enum(SATELLITE_SOURCES),
  cl: z.number(),
  dc: z.number(),
  indices: z.strictObject({
    ndwi: indexStatsSchema.optional(),
    evi2: indexStatsSchema.optional(),
    ndvi: indexStatsSchema.optional(),
  }),
});
export const agroHistoryViewSchema = z.strictObject({
  reportUuid: z.string(),
  generatedAt: z.string(),
  sample: z.boolean(),
  providers: z.strictObject({
    soil: z.enum(AGRO_PROVIDERS).nullable(),
    weather: z.enum(AGRO_PROVIDERS).nullable(),
    satellite: z.enum(SATELLITE_SOURCES).nullable(),
  }),
  soil_data: z.array(soilHistoryEntrySchema),
  satellite_data: z.array(satelliteEntryViewSchema),
  weather_data: z.array(weatherHistoryEntrySchema),
  satellite_stats: z.array(satelliteStatsEntrySchema),
});
export const currentWeatherViewSchema = z.strictObject({
  location: z.strictObject({ lat: z.number(), lon: z.number(), utc_offset_seconds: z.number().nullable() }),
  current: z.strictObject({
    last_updated_epoch: z.number(),
    temp_c: z.number(),
    humidity: z.number(),
    wind_mph: z.number(),
    is_day: z.union([z.literal(0), z.literal(1)]),
    condition: z.strictObject({ text: z.string(), icon: z.enum(WEATHER_ICONS), code: z.number() }),
  }),
  astronomy: z.strictObject({
    astro: z.strictObject({
      sunrise: z.string(),
      sunset: z.string(),
      sunrise_epoch: z.number(),
      sunset_epoch: z.number(),
    }),
  }),
  provider: z.enum(AGRO_PROVIDERS),
});
export const forecastEntryViewSchema = z.strictObject({
  dt: z.number(),
  temp_c: z.number(),
  temp_min_c: z.number(),
  temp_max_c: z.number(),
  humidity: z.number().nullable(),
  wind_mph: z.number(),
  rain_mm: z.number(),
  clouds: z.number().nullable(),
  description: z.string(),
  icon: z.enum(WEATHER_ICONS),
});
export const weatherForecastViewSchema = z.strictObject({
  utc_offset_seconds: z.number().nullable(),
  entries: z.array(forecastEntryViewSchema),
  provider: z.enum(AGRO_PROVIDERS),
});
export const soilViewSchema = z.strictObject({
  dt: z.number(),
  t0: z.number(),
  t10: z.number(),
  moisture: z.number(),
  provider: z.enum(AGRO_PROVIDERS),
});
export const dailyWeatherSchema = z.strictObject({
  day: z.string(),
  tminC: z.number(),
  tmaxC: z.number(),
  rainMm: z.number(),
});
export const downyMildewDaySchema = z.strictObject({
  day: z.string(),
  meanTempC: z.number(),
  rainMm: z.number(),
  shootsAssumed: z.boolean(),
  met: z.boolean(),
});
export const downyMildewRiskSchema = z.strictObject({
  latest: downyMildewDaySchema.nullable(),
  metDays: z.array(z.string()),
  shootsFrom: z.string().nullable(),
  shoots: z.enum(['estimate', 'yes', 'no']),
});
export const viticultureViewSchema = z.strictObject({
  source: z.enum(['open-meteo', 'agromonitoring', 'report-file']),
  season: z.strictObject({
    hemisphere: z.enum(['north', 'south']),
    start: z.string(),
    end: z.string(),
    complete: z.boolean(),
    firstDay: z.string().nullable(),
    lastDay: z.string().nullable(),
  }),
  gdd: z.number(),
  winklerRegion: z.string(),
  days: z.array(dailyWeatherSchema),
  downyMildew: downyMildewRiskSchema,
});

agree<Same<Loosen<z.infer<typeof agroRunViewSchema>>, Loosen<AgroRunView>>>(true);
agree<Same<Loosen<z.infer<typeof soilHistoryEntrySchema>>, Loosen<SoilHistoryEntry>>>(true);
agree<Same<Loosen<z.infer<typeof satelliteEntryViewSchema>>, Loosen<SatelliteEntryView>>>(true);
agree<Same<Loosen<z.infer<typeof weatherHistoryEntrySchema>>, Loosen<WeatherHistoryEntry>>>(true);
agree<Same<Loosen<z.infer<typeof indexStatsSchema>>, Loosen<IndexStats>>>(true);
agree<Same<Loosen<z.infer<typeof satelliteStatsEntrySchema>>, Loosen<SatelliteStatsEntry>>>(true);
agree<Same<Loosen<z.infer<typeof agroHistoryViewSchema>>, Loosen<AgroHistoryView>>>(true);
agree<Same<Loosen<z.infer<typeof currentWeatherViewSchema>>, Loosen<CurrentWeatherView>>>(true);
agree<Same<Loosen<z.infer<typeof forecastEntryViewSchema>>, Loosen<ForecastEntryView>>>(true);
agree<Same<Loosen<z.infer<typeof weatherForecastViewSchema>>, Loosen<WeatherForecastView>>>(true);
agree<Same<Loosen<z.infer<typeof soilViewSchema>>, Loosen<SoilView>>>(true);
agree<Same<Loosen<z.infer<typeof dailyWeatherSchema>>, Loosen<DailyWeather>>>(true);
agree<Same<Loosen<z.infer<typeof downyMildewDaySchema>>, Loosen<DownyMildewDay>>>(true);
agree<Same<Loosen<z.infer<typeof downyMildewRiskSchema>>, Loosen<DownyMildewRisk>>>(true);
agree<Same<Loosen<z.infer<typeof viticultureViewSchema>>, Loosen<ViticultureView>>>(true);
