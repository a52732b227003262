import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { createAgroData } from './agro.ts';
import { agroTestConfig, recordingLogger } from './test-support/agro-test-config.ts';
import {
  type FixtureServer,
  fixture,
  openMeteoSoil,
  startFixtureServer,
} from './test-support/fixture-server.ts';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server?.close();
});

const agroConfig = (overrides: Partial<Config['agro']> = {}) =>
  agroTestConfig(server.url, `${server.url}/v1`, overrides);

const NEMEA = { lat: 37.8175, lng: 22.7105 };
const FIELD = {
  uuid: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  title: 'Nemea North',
  ring: fixture('agromonitoring-polygon.json') as never,
  ...NEMEA,
  agroId: '5aaa8052cbbbb5000b73ff66',
};

beforeEach(() => server.reset({}));

describe('Open-Meteo (keyless default)', () => {
  it('gives current weather in the WeatherAPI shape, with sunrise and sunset in local time', async () => {
    server.route('GET /v1/forecast', () => ({ json: fixture('open-meteo-current.json') }));
    const agro = createAgroData(agroConfig(), recordingLogger().logger);
    expect(await agro.currentWeather(NEMEA)).toEqual({
      location: { lat: 37.8175, lon: 22.7105, utc_offset_seconds: 10800 },
      current: {
        last_updated_epoch: 1748779200,
        temp_c: 24.4,
        humidity: 48,
        wind_mph: 9.2,
        is_day: 1,
        condition: { text: 'Partly cloudy', icon: 'partly-cloudy', code: 2 },
      },
      astronomy: {
        astro: {
          sunrise: '06:05 AM',
          sunset: '08:48 PM',
          sunrise_epoch: 1748747100,
          sunset_epoch: 1748800080,
        },
      },
      provider: 'open-meteo',
    });
    const query = server.requests[0]?.url.searchParams;
    expect(query?.get('latitude')).toBe('37.8175');
    expect(query?.get('wind_speed_unit')).toBe('mph');
  });

  it('folds the hourly forecast into 3-hour steps (minimum, maximum, summed rain, worst weather)', async () => {
    server.route('GET /v1/forecast', () => ({ json: fixture('open-meteo-forecast.json') }));
    const forecast = await createAgroData(agroConfig(), recordingLogger().logger).forecast(NEMEA);
    expect(forecast?.utc_offset_seconds).toBe(10800);
    expect(forecast?.entries).toEqual([
      {
        dt: 1748725200,
        temp_c: 16.1,
        temp_min_c: 14.9,
        temp_max_c: 16.1,
        humidity: 71,
        wind_mph: 5.6,
        rain_mm: 0.7,
        clouds: 20,
        description: 'Rain',
        icon: 'rain',
      },
      {
        dt: 1748736000,
        temp_c: 14.6,
        temp_min_c: 14.6,
        temp_max_c: 18.2,
        humidity: 78,
        wind_mph: 4.4,
        rain_mm: 0,
        clouds: 40,
        description: 'Partly cloudy',
        icon: 'partly-cloudy',
      },
    ]);
  });

  it('gives the latest soil reading in Kelvin, 10 cm interpolated between 6 and 18 cm', async () => {
    server.route('GET /v1/forecast', () => ({ json: openMeteoSoil(Date.now() / 1000) }));
    const soil = await createAgroData(agroConfig(), recordingLogger().logger).currentSoil(FIELD);
    expect(soil?.t0).toBeCloseTo(21.9 + 273.15, 6);
    expect(soil?.t10).toBeCloseTo(19.6 + ((17.3 - 19.6) * 4) / 12 + 273.15, 6);
    expect(soil?.moisture).toBe(0.149);
    expect(soil?.dt).toBeLessThanOrEqual(Date.now() / 1000);
  });
});

describe('Agromonitoring (with a key)', () => {
  const config = () =>
    agroConfig({
      weatherProvider: 'agromonitoring',
      soilProvider: 'agromonitoring',
      agromonitoringApiKey: 'KEY123',
    });

  it('converts Kelvin and m/s, computes sunrise and sunset, and sends the key', async () => {
    server.route('GET /agro/1.0/weather', () => ({ json: fixture('agromonitoring-weather.json') }));
    const weather = await createAgroData(config(), recordingLogger().logger).currentWeather(NEMEA);
    expect(weather?.current).toEqual({
      last_updated_epoch: 1748779200,
      temp_c: 20.5,
      humidity: 64,
      wind_mph: 9.2,
      is_day: 1,
      condition: { text: 'light rain', icon: 'rain', code: 500 },
    });
    expect(weather?.location.utc_offset_seconds).toBeNull();
    // Computed (sun.test.ts checks the formula against published times): 1 June at Nemea the sun
    // rises a little after 03:00 UTC and sets a little before 18:00 UTC.
    const { sunrise_epoch, sunset_epoch, sunrise } = weather?.astronomy.astro ?? {};
    expect(new Date((sunrise_epoch ?? 0) * 1000).toISOString()).toMatch(/^2025-06-01T03:/);
    expect(new Date((sunset_epoch ?? 0) * 1000).toISOString()).toMatch(/^2025-06-01T17:/);
    expect(sunrise).toMatch(/^03:\d\d AM$/);
    expect(server.requests[0]?.url.searchParams.get('appid')).toBe('KEY123');
  });

  it('reads the 3-hour forecast and the soil of the field polygon', async () => {
    server.route('GET /agro/1.0/weather/forecast', () => ({ json: fixture('agromonitoring-forecast.json') }));
    server.route('GET /agro/1.0/soil', () => ({ json: fixture('agromonitoring-soil.json') }));
    const agro = createAgroData(config(), recordingLogger().logger);
    const forecast = await agro.forecast(NEMEA);
    expect(forecast?.entries[1]).toEqual({
      dt: 1748790000,
      temp_c: 18,
      temp_min_c: 17.5,
      temp_max_c: 19,
      humidity: 80,
      wind_mph: 14.5,
      rain_mm: 4.2,
      clouds: 90,
      description: 'moderate rain',
      icon: 'rain',
    });
    expect(await agro.currentSoil(FIELD)).toEqual({
      dt: 1748779200,
      t0: 295.02,
      t10: 291.86,
      moisture: 0.178,
      provider: 'agromonitoring',
    });
    expect(
      server.requests.find((r) => r.url.pathname === '/agro/1.0/soil')?.url.searchParams.get('polyid'),
    ).toBe(FIELD.agroId);
  });

  it('registers a polygon and lists imagery dates without the key-bearing URLs', async () => {
    server.route('POST /agro/1.0/polygons', () => ({
      status: 201,
      json: fixture('agromonitoring-polygon.json'),
    }));
    server.route('GET /agro/1.0/image/search', () => ({ json: fixture('agromonitoring-image-search.json') }));
    const agro = createAgroData(config(), recordingLogger().logger);
    expect(await agro.satellite?.registerField({ ...FIELD, agroId: null })).toBe('5aaa8052cbbbb5000b73ff66');
    const posted = server.requests[0]?.body as { geo_json: { geometry: { type: string } } };
    expect(posted.geo_json.geometry.type).toBe('Polygon');
    const images = await agro.satelliteImages(FIELD.agroId, new Date('2025-05-01'), new Date('2025-06-01'));
    expect(images).toEqual([
      { dt: 1748430000, type: 'Sentinel-2', dc: 100, cl: 1.56, indices: ['ndvi', 'evi', 'evi2', 'ndwi'] },
      { dt: 1748170800, type: 'Landsat 8', dc: 98, cl: 32.4, indices: ['ndvi', 'evi'] },
    ]);
    expect(JSON.stringify(images)).not.toContain('appid');
  });

  it('has no soil for a field not registered yet', async () => {
    const soil = await createAgroData(config(), recordingLogger().logger).currentSoil({
      ...FIELD,
      agroId: null,
    });
    expect(soil).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});

describe('failures never reach the user', () => {
  const cases: [
    string,
    () => { status?: number; json?: unknown; text?: string; delayMs?: number },
    string,
  ][] = [
    [
      'a bad key (401)',
      () => ({ status: 401, json: { cod: 401, message: 'Invalid API key.' } }),
      'unauthorized',
    ],
    ['rate limiting (429)', () => ({ status: 429, json: { cod: 429 } }), 'rate_limited'],
    ['malformed JSON', () => ({ text: '{"current": {"temperature_2m": ' }), 'bad_response'],
    ['a missing value', () => ({ json: { current: {} } }), 'bad_response'],
    ['a server error', () => ({ status: 503, text: 'maintenance' }), 'http'],
    ['a slow answer', () => ({ delayMs: 1500, json: fixture('open-meteo-current.json') }), 'timeout'],
  ];
  it.each(cases)('%s gives no data and one log line while it lasts', async (_name, answer, kind) => {
    server.route('GET /v1/forecast', answer as never);
    const { logger, lines } = recordingLogger();
    const agro = createAgroData(agroConfig(), logger);
    expect(await agro.currentWeather(NEMEA)).toBeNull();
    expect(await agro.currentWeather(NEMEA)).toBeNull();
    expect(await agro.currentWeather({ lat: 38.1, lng: 22.1 })).toBeNull();
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.data).toMatchObject({ provider: 'open-meteo', kind });
    // The failure is remembered for a minute: the same place is not asked again.
    expect(server.requests.filter((r) => r.url.searchParams.get('latitude') === '37.8175')).toHaveLength(1);
  });

  it('logs an unreachable provider', async () => {
    const { logger, lines } = recordingLogger();
    const offline = createAgroData(agroConfig({ openMeteoUrl: 'http://127.0.0.1:9' }), logger);
    expect(await offline.forecast(NEMEA)).toBeNull();
    expect(lines[0]?.data).toMatchObject({ kind: 'network' });
  });

  it('says when the provider answers again', async () => {
    const { logger, lines } = recordingLogger();
    const agro = createAgroData(agroConfig(), logger);
    server.route('GET /v1/forecast', () => ({ status: 503, text: 'down' }));
    expect(await agro.currentWeather(NEMEA)).toBeNull();
    server.route('GET /v1/forecast', () => ({ json: fixture('open-meteo-current.json') }));
    expect(await agro.currentWeather({ lat: 38.2, lng: 22.2 })).not.toBeNull();
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
  });

  it('never logs the key', async () => {
    server.route('GET /agro/1.0/weather', () => ({ status: 401, json: { cod: 401 } }));
    const { logger, lines } = recordingLogger();
    const agro = createAgroData(
      agroConfig({ weatherProvider: 'agromonitoring', agromonitoringApiKey: 'SECRET-KEY' }),
      logger,
    );
    expect(await agro.currentWeather(NEMEA)).toBeNull();
    expect(JSON.stringify(lines)).not.toContain('SECRET-KEY');
  });

  it('without a key, Agromonitoring is not asked and the operator is told once', async () => {
    const { logger, lines } = recordingLogger();
    const agro = createAgroData(agroConfig({ weatherProvider: 'agromonitoring' }), logger);
    expect(await agro.currentWeather(NEMEA)).toBeNull();
    expect(agro.satellite).toBeNull();
    expect(server.requests).toHaveLength(0);
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      'AGRO_WEATHER_PROVIDER is agromonitoring but AGROMONITORING_API_KEY is not set: no weather data',
    ]);
  });
});
