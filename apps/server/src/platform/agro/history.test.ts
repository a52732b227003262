import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { everyThirdEntry } from '@ampelos/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { createAgroHistory } from './history.ts';
import { WEATHER_ENTRY_SECONDS } from './history-series.ts';
import { agroTestConfig, recordingLogger } from './test-support/agro-test-config.ts';
import { type FixtureServer, fixture, startFixtureServer } from './test-support/fixture-server.ts';
import { type StacServer, startStacServer } from './test-support/stac-fixture.ts';

let server: FixtureServer;
let stacServer: StacServer;
let stacDir: string;
beforeAll(async () => {
  server = await startFixtureServer();
  stacDir = await mkdtemp(path.join(tmpdir(), 'ampelos-stac-'));
  stacServer = await startStacServer(stacDir);
});
afterAll(async () => {
  await server?.close();
  await stacServer?.close();
  await rm(stacDir, { recursive: true, force: true });
});
beforeEach(() => server.reset({}));

const config = (overrides: Partial<Config['agro']> = {}) =>
  agroTestConfig(server.url, stacServer.stacUrl, overrides);

const FIELD = {
  uuid: 'f-1',
  title: 'Nemea North',
  ring: [
    [22.71, 37.817],
    [22.712, 37.817],
    [22.712, 37.818],
    [22.71, 37.817],
  ] as [number, number][],
  lat: 37.8175,
  lng: 22.7105,
  agroId: '5aaa8052cbbbb5000b73ff66',
};
/** 2025-06-01 00:00 UTC. */
const JUNE_1 = 1748736000;
const FROM = new Date(JUNE_1 * 1000);
const TO = new Date((JUNE_1 + 2 * 86400 - 1) * 1000);

/** Open-Meteo's hourly answer (timeformat=unixtime) for `hours` hours from 1 June. */
function openMeteoHourly(hours: number, columns: Record<string, (hour: number) => number | null>) {
  const time = Array.from({ length: hours }, (_, k) => JUNE_1 + k * 3600);
  return {
    latitude: 37.8125,
    longitude: 22.6875,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    hourly: {
      time,
      ...Object.fromEntries(Object.entries(columns).map(([name, f]) => [name, time.map((_, k) => f(k))])),
    },
  };
}

describe('weather history', () => {
  it('keeps every third 3-hour step of Open-Meteo, each standing for its 9 hours', async () => {
    server.route('GET /v1/forecast', () => ({
      json: openMeteoHourly(24, {
        // The archive has not filled the last two hours yet.
        temperature_2m: (k) => (k >= 22 ? null : 15 + k * 0.5),
        relative_humidity_2m: () => 60,
        precipitation: (k) => (k >= 6 && k <= 8 ? 0.2 : 0),
        wind_speed_10m: (k) => 5 + (k % 3),
        weather_code: (k) => (k === 7 ? 61 : 1),
      }),
    }));
    const history = await createAgroHistory(config(), recordingLogger().logger).weather(FIELD, FROM, TO);
    const asked = server.requests[0]?.url.searchParams;
    expect(asked?.get('start_date')).toBe('2025-05-31');
    expect(asked?.get('end_date')).toBe('2025-06-02');
    expect(asked?.get('wind_speed_unit')).toBe('mph');
    const common = { humidity: 60, wind_mph: 7 };
    expect(history).toEqual({
      provider: 'open-meteo',
      entries: [
        {
          dt: 1748725200,
          temp_c: 15,
          temp_min_c: 15,
          temp_max_c: 17.5,
          rain_mm: 0,
          icon: 'partly-cloudy',
          ...common,
        },
        { dt: 1748757600, temp_c: 18, temp_min_c: 18, temp_max_c: 22, rain_mm: 0.6, icon: 'rain', ...common },
        {
          dt: 1748790000,
          temp_c: 22.5,
          temp_min_c: 22.5,
          temp_max_c: 25.5,
          rain_mm: 0,
          icon: 'partly-cloudy',
          ...common,
        },
      ],
    });
    // Entries are every third 3-hour step: 9 hours apart, on the same grid whatever the period.
    for (const entry of history?.entries ?? []) expect(entry.dt % WEATHER_ENTRY_SECONDS).toBe(0);
    expect(everyThirdEntry([0, 1, 2, 3, 4, 5, 6, 7, 8]).length).toBe(history?.entries.length);
  });

  it("converts Agromonitoring's hourly history (Kelvin, m/s) the same way", async () => {
    server.route('GET /agro/1.0/weather/history', () => ({
      json: fixture('agromonitoring-weather-history.json'),
    }));
    const history = await createAgroHistory(
      config({ weatherProvider: 'agromonitoring', agromonitoringApiKey: 'KEY' }),
      recordingLogger().logger,
    ).weather(FIELD, FROM, TO);
    expect(server.requests[0]?.url.searchParams.get('appid')).toBe('KEY');
    expect(server.requests[0]?.url.searchParams.get('start')).toBe('1748725200');
    expect(history).toEqual({
      provider: 'agromonitoring',
      entries: [
        {
          dt: 1748725200,
          temp_c: 17,
          temp_min_c: 15.5,
          temp_max_c: 17.5,
          humidity: 71,
          wind_mph: 10.1,
          rain_mm: 0.6,
          icon: 'rain',
        },
        {
          dt: 1748757600,
          temp_c: 23,
          temp_min_c: 22,
          temp_max_c: 23.9,
          humidity: 52,
          wind_mph: 6.7,
          rain_mm: 0,
          icon: 'partly-cloudy',
        },
      ],
    });
  });

  it('answers null and logs once when the provider fails', async () => {
    server.route('GET /v1/forecast', () => ({ status: 429, json: { reason: 'Too many requests' } }));
    const { logger, lines } = recordingLogger();
    const history = createAgroHistory(config(), logger);
    expect(await history.weather(FIELD, FROM, TO)).toBeNull();
    expect(await history.weather(FIELD, FROM, TO)).toBeNull();
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    expect(lines[0]?.data).toMatchObject({ provider: 'open-meteo', kind: 'rate_limited' });
  });
});

describe('soil history', () => {
  it('keeps two Open-Meteo readings a day in Kelvin, 10 cm interpolated', async () => {
    server.route('GET /v1/forecast', () => ({
      json: openMeteoHourly(48, {
        soil_temperature_0cm: (k) => 20 + k * 0.1,
        soil_temperature_6cm: () => 19,
        soil_temperature_18cm: () => 16,
        soil_moisture_0_to_1cm: () => 0.2,
      }),
    }));
    const history = await createAgroHistory(config(), recordingLogger().logger).soil(FIELD, FROM, TO);
    expect(history?.entries.map((entry) => entry.dt)).toEqual([0, 12, 24, 36].map((k) => JUNE_1 + k * 3600));
    expect(history?.entries[1]?.t0).toBeCloseTo(21.2 + 273.15, 6);
    expect(history?.entries[1]?.t10).toBeCloseTo(18 + 273.15, 6);
    expect(history?.entries[1]?.moisture).toBe(0.2);
  });

  it("takes Agromonitoring's 12-hourly history by polygon id, oldest first", async () => {
    server.route('GET /agro/1.0/soil/history', () => ({ json: fixture('agromonitoring-soil-history.json') }));
    const history = await createAgroHistory(
      config({ soilProvider: 'agromonitoring', agromonitoringApiKey: 'KEY' }),
      recordingLogger().logger,
    ).soil(FIELD, FROM, TO);
    expect(server.requests[0]?.url.searchParams.get('polyid')).toBe(FIELD.agroId);
    expect(history).toEqual({
      provider: 'agromonitoring',
      entries: [
        { dt: 1748736000, t10: 291.77, moisture: 0.191, t0: 289.35 },
        { dt: 1748779200, t10: 294.12, moisture: 0.183, t0: 301.05 },
      ],
    });
  });
});

describe('satellite history', () => {
  it('fetches Agromonitoring statistics on the server, from the configured host only', async () => {
    server.route('GET /agro/1.0/image/search', () => ({ json: fixture('agromonitoring-image-search.json') }));
    for (const index of ['ndvi', 'evi2', 'ndwi'])
      server.route(`GET /agro/1.0/${index}/0205a8b1a80/5f1f5b3a`, () => ({
        json: fixture('agromonitoring-ndvi-stats.json'),
      }));
    const history = createAgroHistory(config({ agromonitoringApiKey: 'KEY' }), recordingLogger().logger);
    expect(history.satelliteSourceFor(FIELD)).toBe('agromonitoring');
    const landsat = 1748170800;
    const result = await history.satellite(FIELD, FROM, TO, {
      source: 'agromonitoring',
      imageDts: [],
      statsDts: [landsat],
    });
    const stats = { min: 0.4013, max: 0.7794, mean: 0.6145 };
    expect(result?.stats).toEqual([
      {
        dt: 1748430000,
        source: 'agromonitoring',
        cl: 1.56,
        dc: 100,
        indices: { ndvi: stats, evi2: stats, ndwi: stats },
      },
    ]);
    expect(result?.images.map((image) => image.dt)).toEqual([landsat, 1748430000]);
    const statsCalls = server.requests.filter((request) => request.url.pathname !== '/agro/1.0/image/search');
    expect(statsCalls).toHaveLength(3);
    expect(statsCalls.every((request) => request.url.searchParams.get('appid') === 'KEY')).toBe(true);
    expect(JSON.stringify(result)).not.toContain('KEY');
  });

  it('uses the keyless Sentinel-2 source without a key or a polygon id, silently null when it fails', async () => {
    const { logger, lines } = recordingLogger();
    const keyless = createAgroHistory(config(), logger);
    expect(keyless.satelliteSourceFor(FIELD)).toBe('sentinel-2-stac');
    const keyed = createAgroHistory(config({ agromonitoringApiKey: 'KEY' }), logger);
    expect(keyed.satelliteSourceFor({ ...FIELD, agroId: null })).toBe('sentinel-2-stac');
    expect(
      createAgroHistory(config({ satelliteSource: 'none' }), logger).satelliteSourceFor(FIELD),
    ).toBeNull();

    stacServer.answerSearch(() => ({ status: 503, text: 'unavailable' }));
    const known = { source: null, imageDts: [], statsDts: [] };
    expect(await keyless.satellite(FIELD, FROM, TO, known)).toBeNull();
    expect(await keyless.satellite(FIELD, FROM, TO, known)).toBeNull();
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);

    stacServer.answerSearch(() => ({ json: { type: 'FeatureCollection', features: [] } }));
    expect(await keyless.satellite(FIELD, FROM, TO, known)).toEqual({
      source: 'sentinel-2-stac',
      images: [],
      stats: [],
    });
    expect(lines.filter((line) => line.level === 'info')).toHaveLength(1);
  });
});
