import type {
  AgroProvider,
  CurrentWeatherView,
  SatelliteEntryView,
  SoilView,
  WeatherForecastView,
} from '@ampelos/domain';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** A field as the providers need it. */
export interface AgroField extends GeoPoint {
  uuid: string;
  title: string;
  /** Closed ring of [lng, lat]. */
  ring: [number, number][];
  /** The field's polygon id at Agromonitoring, once registered. */
  agroId: string | null;
}

/** Current conditions and the forecast. Implementations throw an `AgroRequestError` on failure. */
export interface WeatherSource {
  readonly name: AgroProvider;
  currentWeather(point: GeoPoint): Promise<CurrentWeatherView>;
  forecast(point: GeoPoint): Promise<WeatherForecastView>;
}

/** The latest soil reading of a field. */
export interface SoilSource {
  readonly name: AgroProvider;
  currentSoil(field: AgroField): Promise<SoilView>;
}

/** Satellite imagery of a field's polygon (Agromonitoring). */
export interface SatelliteSource {
  readonly name: AgroProvider;
  /** Registers the polygon and answers its id there (the field's `agroId`). */
  registerField(field: AgroField): Promise<string>;
  images(agroId: string, from: Date, to: Date): Promise<SatelliteEntryView[]>;
}

export type AgroFailureKind =
  | 'not_configured'
  | 'timeout'
  | 'network'
  | 'unauthorized'
  | 'rate_limited'
  | 'http'
  | 'bad_response'
  | 'not_registered';

/** Why a provider gave no answer; logged for the operator, never shown to the user. */
export class AgroRequestError extends Error {
  constructor(
    readonly kind: AgroFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AgroRequestError';
  }
}
