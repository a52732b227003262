import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FixtureServer,
  fixture,
  openMeteoSoil,
  startFixtureServer,
} from '../../platform/agro/test-support/fixture-server.ts';
import { fields } from '../../platform/db/schema.ts';
import { createCompany, createField, signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let provider: FixtureServer;
let ctx: TestApp;
beforeAll(async () => {
  provider = await startFixtureServer();
  ctx = await createTestApp({
    env: {
      OPEN_METEO_URL: provider.url,
      AGROMONITORING_URL: provider.url,
      AGROMONITORING_API_KEY: 'TEST-KEY',
      AGRO_TIMEOUT_MS: '500',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});
beforeEach(() =>
  provider.reset({
    'GET /v1/forecast': ({ url }) =>
      url.searchParams.has('current')
        ? { json: fixture('open-meteo-current.json') }
        : url.searchParams.get('hourly')?.startsWith('soil')
          ? { json: openMeteoSoil(Date.now() / 1000) }
          : { json: fixture('open-meteo-forecast.json') },
  }),
);

// Each test asks for its own place: answers are cached per place for minutes.
let place = 0;
const nextPlace = () => {
  place += 1;
  return `lat=${(37 + place / 10).toFixed(4)}&lng=22.7105`;
};

describe('GET /weather and /agro/getWeatherForecastData', () => {
  it('need a signed-in user who reads fields', async () => {
    expect((await client(ctx.app).get(`/api/weather?${nextPlace()}`)).statusCode).toBe(401);
    const pilot = await signedInClient(ctx, { role: 'drone_operator' });
    expect((await pilot.http.get(`/api/weather?${nextPlace()}`)).statusCode).toBe(403);
  });

  it('answer the current weather in the WeatherAPI shape and the forecast', async () => {
    const customer = await signedInClient(ctx);
    const weather = await customer.http.get(`/api/weather?${nextPlace()}`);
    expect(weather.statusCode).toBe(200);
    expect(weather.json().data).toMatchObject({
      current: { temp_c: 24.4, humidity: 48, wind_mph: 9.2, condition: { icon: 'partly-cloudy' } },
      astronomy: { astro: { sunrise: '06:05 AM', sunset: '08:48 PM' } },
    });
    const forecast = await customer.http.get(`/api/agro/getWeatherForecastData?${nextPlace()}`);
    expect(forecast.json().data.entries).toHaveLength(2);
  });

  it('answer null, not an error, when the provider fails', async () => {
    provider.reset({ 'GET /v1/forecast': () => ({ status: 500, text: 'oops' }) });
    const customer = await signedInClient(ctx);
    const weather = await customer.http.get(`/api/weather?${nextPlace()}`);
    expect(weather.statusCode).toBe(200);
    expect(weather.json()).toEqual({ data: null });
    provider.reset({ 'GET /v1/forecast': () => ({ delayMs: 1500, json: {} }) });
    const forecast = await customer.http.get(`/api/agro/getWeatherForecastData?${nextPlace()}`);
    expect(forecast.json()).toEqual({ data: null });
  });

  it('refuse coordinates out of range', async () => {
    const customer = await signedInClient(ctx);
    expect((await customer.http.get('/api/weather?lat=91&lng=22')).statusCode).toBe(400);
    expect((await customer.http.get('/api/weather?lat=abc&lng=22')).statusCode).toBe(400);
  });
});

describe('GET /agro/getSoilData', () => {
  it("gives the field's latest soil reading to whoever sees the field", async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const field = await createField(ctx, owner.user);
    for (const http of [owner.http, colleague.http]) {
      const soil = await http.get(`/api/agro/getSoilData?fieldUuid=${field.uuid}`);
      expect(soil.statusCode).toBe(200);
      expect(soil.json().data).toMatchObject({ provider: 'open-meteo', moisture: 0.149 });
      expect(soil.json().data.t0).toBeCloseTo(295.05, 6);
    }
    const stranger = await signedInClient(ctx);
    const refused = await stranger.http.get(`/api/agro/getSoilData?fieldUuid=${field.uuid}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      errors: [{ msg: 'Field not found', key: 'errors:agro.fieldNotFound' }],
    });
  });

  it("finds a field by the spec's agroId too", async () => {
    const customer = await signedInClient(ctx);
    const field = await createField(ctx, customer.user);
    await ctx.database.db.update(fields).set({ agroId: 'agro-123' }).where(eq(fields.id, field.id));
    const soil = await customer.http.get('/api/agro/getSoilData?agroId=agro-123&dateStart=2025-05-01');
    expect(soil.statusCode).toBe(200);
    expect(
      (await (await signedInClient(ctx)).http.get('/api/agro/getSoilData?agroId=agro-123')).statusCode,
    ).toBe(404);
    expect((await customer.http.get('/api/agro/getSoilData')).statusCode).toBe(400);
  });

  it('refuses an agroId with a NUL byte or a query in it (400, not a database error)', async () => {
    const customer = await signedInClient(ctx);
    for (const agroId of ['%2Fe%00', "x'%20and%20(SELECT%201)%00"]) {
      const answer = await customer.http.get(`/api/agro/getSoilData?agroId=${agroId}`);
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe('satellite imagery (Agromonitoring key set)', () => {
  it('registers the fields without a polygon id and stores it (admin only)', async () => {
    const customer = await signedInClient(ctx);
    const field = await createField(ctx, customer.user);
    provider.route('POST /agro/1.0/polygons', () => ({
      status: 201,
      json: fixture('agromonitoring-polygon.json'),
    }));
    expect((await customer.http.post('/api/agro/createPolygons')).statusCode).toBe(403);
    const admin = await signedInClient(ctx, { role: 'admin' });
    const created = await admin.http.post('/api/agro/createPolygons');
    expect(created.statusCode).toBe(200);
    expect(created.json().agroIdsCreated).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(fields).where(eq(fields.id, field.id));
    expect(row?.agroId).toBe('5aaa8052cbbbb5000b73ff66');
    expect(provider.requests.every((r) => r.url.searchParams.get('appid') === 'TEST-KEY')).toBe(true);

    provider.route('GET /agro/1.0/image/search', () => ({
      json: fixture('agromonitoring-image-search.json'),
    }));
    const images = await customer.http.get(`/api/agro/getSatelliteImgsData?fieldUuid=${field.uuid}`);
    expect(images.json().data[0]).toEqual({
      dt: 1748430000,
      type: 'Sentinel-2',
      dc: 100,
      cl: 1.56,
      indices: ['ndvi', 'evi', 'evi2', 'ndwi'],
    });
  });

  it('counts polygons the provider refuses without stopping', async () => {
    const customer = await signedInClient(ctx);
    await createField(ctx, customer.user);
    provider.route('POST /agro/1.0/polygons', () => ({ status: 422, json: { message: 'Area too small' } }));
    const admin = await signedInClient(ctx, { role: 'admin' });
    const answer = await admin.http.post('/api/agro/createPolygons');
    expect(answer.json()).toMatchObject({ agroIdsCreated: 0 });
    expect(answer.json().failed).toBeGreaterThanOrEqual(1);
  });
});

describe('without a satellite key', () => {
  it('refuses to register polygons, and the field page gets no imagery', async () => {
    const bare = await createTestApp({ env: { OPEN_METEO_URL: provider.url } });
    try {
      const admin = await signedInClient(bare, { role: 'admin' });
      const answer = await admin.http.post('/api/agro/createPolygons');
      expect(answer.statusCode).toBe(409);
      const field = await createField(bare, admin.user);
      const images = await admin.http.get(`/api/agro/getSatelliteImgsData?fieldUuid=${field.uuid}`);
      expect(images.json()).toEqual({ data: null });
    } finally {
      await bare.close();
    }
  });
});
