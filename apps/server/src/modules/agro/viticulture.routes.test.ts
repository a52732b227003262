import { growingSeason } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '../../platform/agro/test-support/fixture-server.ts';
import { createField, signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Open-Meteo's Historical Forecast answer (the documented hourly shape) for the days asked: 15 °C
 * from midnight to noon UTC, 25 °C after (a mean of 20 °C: 10 degree days a day), 12 mm of rain at
 * 14:00 UTC on the 20th day.
 */
function openMeteoHistory(url: URL) {
  const start = Date.parse(`${url.searchParams.get('start_date')}T00:00:00Z`) / 1000;
  const end = Date.parse(`${url.searchParams.get('end_date')}T23:00:00Z`) / 1000;
  const time: number[] = [];
  for (let dt = start; dt <= end; dt += 3600) time.push(dt);
  const hour = (dt: number) => (dt / 3600) % 24;
  return {
    latitude: 37.8,
    longitude: 22.7,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    hourly_units: { time: 'unixtime', temperature_2m: '°C', precipitation: 'mm' },
    hourly: {
      time,
      temperature_2m: time.map((dt) => (hour(dt) < 12 ? 15 : 25)),
      relative_humidity_2m: time.map(() => 60),
      precipitation: time.map((dt) => (dt === start + 19 * 86_400 + 14 * 3600 ? 12 : 0)),
      wind_speed_10m: time.map(() => 5),
      weather_code: time.map(() => 1),
    },
  };
}

let provider: FixtureServer;
let ctx: TestApp;
beforeAll(async () => {
  provider = await startFixtureServer({ 'GET /v1/forecast': ({ url }) => ({ json: openMeteoHistory(url) }) });
  ctx = await createTestApp({
    env: { OPEN_METEO_URL: provider.url, OPEN_METEO_HISTORY_URL: provider.url, AGRO_TIMEOUT_MS: '500' },
  });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

describe('GET /agro/viticulture', () => {
  it("gives whoever sees the field the season's degree days, Winkler region and downy mildew rule", async () => {
    const owner = await signedInClient(ctx);
    const field = await createField(ctx, owner.user);
    const answer = await owner.http.get(`/api/agro/viticulture?fieldUuid=${field.uuid}`);
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    const season = growingSeason(field.centroidLat, new Date().toISOString().slice(0, 10));
    expect(data).toMatchObject({ source: 'open-meteo', season: { start: season.start, end: season.end } });
    // The season's history was asked from its first day.
    const asked = provider.requests.find((r) => r.url.searchParams.has('start_date'));
    expect(asked?.url.searchParams.get('start_date')).toBe(season.start);
    expect(data.days.length).toBeGreaterThan(0);
    expect(data.gdd).toBeCloseTo(10 * data.days.length, 0);
    expect(data.days[0]).toMatchObject({ tminC: 15, tmaxC: 25 });

    const stranger = await signedInClient(ctx);
    expect((await stranger.http.get(`/api/agro/viticulture?fieldUuid=${field.uuid}`)).statusCode).toBe(404);
    expect((await client(ctx.app).get(`/api/agro/viticulture?fieldUuid=${field.uuid}`)).statusCode).toBe(401);
  });

  it('answers null, not an error, when the provider fails and no report has a history', async () => {
    const owner = await signedInClient(ctx);
    const field = await createField(ctx, owner.user);
    provider.reset({ 'GET /v1/forecast': () => ({ status: 503, text: 'down' }) });
    try {
      const answer = await owner.http.get(`/api/agro/viticulture?fieldUuid=${field.uuid}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: null });
    } finally {
      provider.reset({ 'GET /v1/forecast': ({ url }) => ({ json: openMeteoHistory(url) }) });
    }
  });
});
