/** Our weather pictograms (the web draws them); providers' codes are mapped onto these. */
export const WEATHER_ICONS = [
  'clear',
  'partly-cloudy',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'snow',
  'thunderstorm',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

export const AGRO_PROVIDERS = ['open-meteo', 'agromonitoring'] as const;
export type AgroProvider = (typeof AGRO_PROVIDERS)[number];

/**
 * `GET /api/weather?lat=&lng=`: current conditions in the WeatherAPI.com shape the spec names
 * (`current.temp_c`, `humidity`, `wind_mph`, `condition.icon`, `astronomy.astro.sunrise/sunset`),
 * whichever provider answered. `condition.icon` is one of ours (`WEATHER_ICONS`), not an image URL.
 */
export interface CurrentWeatherView {
  location: {
    lat: number;
    lon: number;
    /** Offset of the field's local time from UTC, when the provider tells it. */
    utc_offset_seconds: number | null;
  };
  current: {
    last_updated_epoch: number;
    temp_c: number;
    humidity: number;
    wind_mph: number;
    is_day: 0 | 1;
    condition: { text: string; icon: WeatherIcon; code: number };
  };
  astronomy: {
    astro: {
      /** "06:12 AM" in the field's local time (WeatherAPI's format). */
      sunrise: string;
      sunset: string;
      sunrise_epoch: number;
      sunset_epoch: number;
    };
  };
  provider: AgroProvider;
}

/** One 3-hour step of the forecast (spec section 3, Weather entry), in °C, mph and mm. */
export interface ForecastEntryView {
  /** Start of the step, Unix seconds. */
  dt: number;
  temp_c: number;
  temp_min_c: number;
  temp_max_c: number;
  humidity: number | null;
  wind_mph: number;
  /** Rain over the 3 hours, mm. */
  rain_mm: number;
  clouds: number | null;
  description: string;
  icon: WeatherIcon;
}

/** `GET /api/agro/getWeatherForecastData?lat=&lng=`. */
export interface WeatherForecastView {
  utc_offset_seconds: number | null;
  entries: ForecastEntryView[];
  provider: AgroProvider;
}

/**
 * `GET /api/agro/getSoilData?fieldUuid=` (or the spec's `agroId=`): the latest soil reading, spec
 * section 3's Soil entry, temperatures in Kelvin (shown in °C with one decimal).
 */
export interface SoilView {
  dt: number;
  /** Surface temperature, K. */
  t0: number;
  /** Temperature at 10 cm, K. */
  t10: number;
  /** Volumetric water content, m³/m³. */
  moisture: number;
  provider: AgroProvider;
}

/** A date with satellite imagery of the field (Agromonitoring image search), without key-bearing URLs. */
export interface SatelliteEntryView {
  dt: number;
  /** Satellite, e.g. "Sentinel-2". */
  type: string;
  /** Valid data coverage of the field, %. */
  dc: number;
  /** Cloud cover, %. */
  cl: number;
  /** Indices with imagery on that date. */
  indices: string[];
}
