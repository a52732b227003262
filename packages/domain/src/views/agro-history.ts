import type { SatelliteIndex } from '../constants.ts';
import type { AgroProvider, SatelliteEntryView, WeatherIcon } from './agro.ts';

/**
 * The agronomy history of a report's field: what `reports/{uuid}/data_files/front_agro_weather.json`
 * holds (spec section 7) and what `GET /api/agro/history?fieldUuid=` answers for the field's latest
 * report. Field names of the four lists follow the spec's file.
 */

/** One soil reading. Temperatures in Kelvin (as the providers give them), moisture in m³/m³. */
export interface SoilHistoryEntry {
  /** Unix seconds. */
  dt: number;
  t0: number;
  t10: number;
  moisture: number;
}

/** One weather reading of the history (the file keeps every third entry). */
export interface WeatherHistoryEntry {
  /** Unix seconds. */
  dt: number;
  temp_c: number;
  temp_min_c: number;
  temp_max_c: number;
  humidity: number | null;
  wind_mph: number;
  /**
   * Rain over the period the entry stands for, mm: the file keeps every third 3-hour step, and a kept
   * entry sums its own step and the two dropped after it (9 hours from `dt`), so totals stay right.
   */
  rain_mm: number;
  icon: WeatherIcon;
}

// SATELLITE_INDICES and SatelliteIndex (ndwi, evi2, ndvi) are the spec's index choices in constants.ts.

export interface IndexStats {
  min: number;
  max: number;
  mean: number;
}

export const SATELLITE_SOURCES = ['agromonitoring', 'sentinel-2-stac'] as const;
export type SatelliteSource = (typeof SATELLITE_SOURCES)[number];

/** Index statistics over the field polygon on one acquisition date. */
export interface SatelliteStatsEntry {
  /** Unix seconds of the acquisition. */
  dt: number;
  source: SatelliteSource;
  /** Cloud cover over the field, %. */
  cl: number;
  /** Valid data coverage of the field, %. */
  dc: number;
  indices: Partial<Record<SatelliteIndex, IndexStats>>;
}

export interface AgroHistoryFile {
  /** ISO time the file was written. */
  generatedAt: string;
  /** True for the labelled demo dataset (`npm run demo`): recorded-shape sample data, not measurements. */
  sample: boolean;
  /** Which providers the lists came from; null where a list is empty. */
  providers: {
    soil: AgroProvider | null;
    weather: AgroProvider | null;
    satellite: SatelliteSource | null;
  };
  soil_data: SoilHistoryEntry[];
  satellite_data: SatelliteEntryView[];
  weather_data: WeatherHistoryEntry[];
  satellite_stats: SatelliteStatsEntry[];
}

/** `GET /api/agro/history?fieldUuid=`: the file of the field's latest report that has one. */
export interface AgroHistoryView extends AgroHistoryFile {
  reportUuid: string;
}
