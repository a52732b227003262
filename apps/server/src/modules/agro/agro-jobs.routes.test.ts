import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgroHistoryFile, AgroRunView, RealtimeMessage } from '@ampelos/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { WEATHER_ENTRY_SECONDS } from '../../platform/agro/history-series.ts';
import { type FixtureServer, startFixtureServer } from '../../platform/agro/test-support/fixture-server.ts';
import {
  earthSearchItem,
  gridAround,
  pixelRectRing,
  type SceneGrid,
  type StacServer,
  startStacServer,
  writeBand,
} from '../../platform/agro/test-support/stac-fixture.ts';
import { createField, createReport, signedInClient } from '../../test/factories.ts';
import { type Client, client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DAY = 86_400_000;
let ctx: TestApp;
let provider: FixtureServer;
let stac: StacServer;
let cogDir: string;
let grid: SceneGrid;
let admin: Awaited<ReturnType<typeof signedInClient>>;

/** Open-Meteo's hourly archive between the asked dates: 0.1 mm of rain every hour, so totals are known. */
function hourlyArchive(url: URL) {
  const start = Date.parse(`${url.searchParams.get('start_date')}T00:00:00Z`) / 1000;
  const end = Date.parse(`${url.searchParams.get('end_date')}T23:00:00Z`) / 1000;
  const time: number[] = [];
  for (let t = start; t <= end; t += 3600) time.push(t);
  const hourly: Record<string, number[]> = { time };
  for (const name of (url.searchParams.get('hourly') ?? '').split(',')) {
    hourly[name] = time.map((t) =>
      name === 'precipitation' ? 0.1 : name.startsWith('soil_moisture') ? 0.2 : 10 + ((t / 3600) % 24),
    );
  }
  return { latitude: 37.81, longitude: 22.71, utc_offset_seconds: 0, hourly };
}

beforeAll(async () => {
  provider = await startFixtureServer();
  cogDir = await mkdtemp(path.join(tmpdir(), 'ampelos-cogs-'));
  stac = await startStacServer(cogDir);
  grid = gridAround(22.7105, 37.8175, 256, 100, 100);
  // A uniform vineyard: red 0.05, NIR 0.30, SWIR 0.10 everywhere, all vegetation.
  await writeBand(path.join(cogDir, 'red.tif'), grid, 10, () => 1500);
  await writeBand(path.join(cogDir, 'nir.tif'), grid, 10, () => 4000);
  await writeBand(path.join(cogDir, 'swir16.tif'), grid, 20, () => 2000);
  await writeBand(path.join(cogDir, 'scl.tif'), grid, 20, () => 4, 'uint8');
  ctx = await createTestApp({
    env: {
      OPEN_METEO_URL: provider.url,
      OPEN_METEO_HISTORY_URL: provider.url,
      STAC_URL: stac.stacUrl,
      AGRO_TIMEOUT_MS: '2000',
      STAC_TIMEOUT_MS: '2000',
      AGRO_HISTORY_DAYS_BEFORE: '10',
    },
  });
  admin = await signedInClient(ctx, { role: 'admin', firstName: 'Eleni', lastName: 'Papadaki' });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
  await stac?.close();
  await rm(cogDir, { recursive: true, force: true });
});

const sceneTime = new Date(Date.now() - 3 * DAY);
beforeEach(() => {
  provider.reset({ 'GET /v1/forecast': ({ url }) => ({ json: hourlyArchive(url) }) });
  const hrefs = {
    red: stac.cogUrl('red.tif'),
    nir: stac.cogUrl('nir.tif'),
    swir16: stac.cogUrl('swir16.tif'),
    scl: stac.cogUrl('scl.tif'),
  };
  stac.answerSearch(() => ({
    json: {
      features: [
        earthSearchItem({ id: 'S2B_X', datetime: sceneTime.toISOString(), grid, cloudCover: 5, hrefs }),
      ],
    },
  }));
});

async function runToEnd(http: Client, kind: string): Promise<AgroRunView> {
  const started = await http.get(`/api/agro/${kind}`);
  expect(started.statusCode).toBe(200);
  const { id } = started.json() as { id: string };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const run = (await http.get(`/api/agro/runs/${id}`)).json().data as AgroRunView;
    if (run.status === 'done' || run.status === 'failed') return run;
    if (Date.now() > deadline) throw new Error(`run ${kind} did not finish: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const fileOf = (reportUuid: string) =>
  path.join(ctx.config.dataDir, 'files', 'reports', reportUuid, 'data_files', 'front_agro_weather.json');
async function readFileOf(reportUuid: string): Promise<AgroHistoryFile | null> {
  try {
    return JSON.parse(await readFile(fileOf(reportUuid), 'utf8')) as AgroHistoryFile;
  } catch {
    return null;
  }
}

async function vineyard(owner = admin) {
  const ring = pixelRectRing(grid, 120, 120, 140, 140);
  const field = await createField(ctx, owner.user, { ring });
  return field;
}

describe('admin agro jobs', () => {
  it('are for administrators only, and need the app header since they change data', async () => {
    expect((await client(ctx.app).get('/api/agro/populateReportsSoilData')).statusCode).toBe(401);
    const customer = await signedInClient(ctx);
    expect((await customer.http.get('/api/agro/populateReportsSoilData')).statusCode).toBe(403);
    expect((await customer.http.get('/api/agro/runs')).statusCode).toBe(403);
    // A link on another site: the session cookie goes along, the app's header does not.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/agro/deleteReportsSoilData',
      headers: { cookie: admin.http.cookie ?? '' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('fill the weather history of current reports, every third 3-hour step, and do it only once', async () => {
    const customer = await signedInClient(ctx);
    const field = await vineyard(customer);
    const current = await createReport(ctx, customer.user, field);
    const expired = await createReport(ctx, customer.user, field, {
      validFrom: new Date(Date.now() - 400 * DAY),
      validTo: new Date(Date.now() - 35 * DAY),
    });
    const unpaid = await createReport(ctx, customer.user, field, {
      validFrom: null,
      validTo: null,
      status: 'pending',
    });

    const run = await runToEnd(admin.http, 'populateReportsShootDays');
    expect(run).toMatchObject({
      kind: 'populateReportsShootDays',
      status: 'done',
      requestedBy: 'Eleni Papadaki',
      failed: 0,
    });
    expect(run.done).toBe(run.total);
    const file = await readFileOf(current.uuid);
    expect(file?.providers.weather).toBe('open-meteo');
    const entries = file?.weather_data ?? [];
    const periodStart = Math.floor((current.validFrom as Date).getTime() / 1000 - 10 * 86400);
    expect(entries[0]?.dt).toBe(Math.floor(periodStart / WEATHER_ENTRY_SECONDS) * WEATHER_ENTRY_SECONDS);
    expect(
      entries.every((entry, i) => i === 0 || entry.dt - (entries[i - 1]?.dt ?? 0) === WEATHER_ENTRY_SECONDS),
    ).toBe(true);
    // A complete entry stands for its 9 hours: 0.9 mm of the hourly 0.1 mm.
    expect(entries[1]?.rain_mm).toBe(0.9);
    expect((entries.at(-1)?.dt ?? 0) * 1000).toBeLessThanOrEqual(Date.now());
    expect(await readFileOf(expired.uuid)).toBeNull();
    expect(await readFileOf(unpaid.uuid)).toBeNull();

    const again = await runToEnd(admin.http, 'populateReportsShootDays');
    expect(again.id).not.toBe(run.id);
    const after = await readFileOf(current.uuid);
    expect(after?.weather_data.length).toBeGreaterThanOrEqual(entries.length);
    expect(after?.weather_data.length).toBeLessThanOrEqual(entries.length + 1);
    expect(new Set(after?.weather_data.map((entry) => entry.dt)).size).toBe(after?.weather_data.length);
  });

  it('compute the satellite statistics without a key (Sentinel-2 from STAC), and fill soil, then delete soil', async () => {
    const customer = await signedInClient(ctx);
    const field = await vineyard(customer);
    const report = await createReport(ctx, customer.user, field);

    await runToEnd(admin.http, 'populateReportsSatelliteStats');
    let file = await readFileOf(report.uuid);
    const dt = Math.floor(sceneTime.getTime() / 1000);
    const clear = { min: 0.7143, max: 0.7143, mean: 0.7143 };
    expect(file?.providers.satellite).toBe('sentinel-2-stac');
    expect(file?.satellite_stats).toEqual([
      {
        dt,
        source: 'sentinel-2-stac',
        cl: 0,
        dc: 100,
        indices: {
          ndvi: clear,
          evi2: { min: 0.4401, max: 0.4401, mean: 0.4401 },
          ndwi: { min: 0.5, max: 0.5, mean: 0.5 },
        },
      },
    ]);
    expect(file?.satellite_data).toEqual([
      { dt, type: 'Sentinel-2', dc: 100, cl: 0, indices: ['ndvi', 'evi2', 'ndwi'] },
    ]);

    await runToEnd(admin.http, 'populateReportsSoilData');
    file = await readFileOf(report.uuid);
    expect(file?.providers.soil).toBe('open-meteo');
    expect(file?.soil_data.length).toBeGreaterThan(0);
    expect(file?.soil_data.every((entry) => entry.dt % (12 * 3600) === 0)).toBe(true);

    const deleted = await runToEnd(admin.http, 'deleteReportsSoilData');
    expect(deleted.status).toBe('done');
    file = await readFileOf(report.uuid);
    expect(file?.soil_data).toEqual([]);
    expect(file?.providers.soil).toBeNull();
    expect(file?.satellite_stats).toHaveLength(1);

    await runToEnd(admin.http, 'deleteReportsSatelliteImgs');
    file = await readFileOf(report.uuid);
    expect(file?.satellite_data).toEqual([]);
    expect(file?.satellite_stats).toHaveLength(1);
  });

  it('count a failing provider per report and leave the files as they were', async () => {
    const customer = await signedInClient(ctx);
    const report = await createReport(ctx, customer.user, await vineyard(customer));
    provider.reset({ 'GET /v1/forecast': () => ({ status: 503, text: 'maintenance' }) });
    const run = await runToEnd(admin.http, 'populateReportsSoilData');
    expect(run.status).toBe('done');
    expect(run.failed).toBe(run.total);
    expect(run.updated).toBe(0);
    expect(await readFileOf(report.uuid)).toBeNull();
  });

  it('leave the labelled demo files alone', async () => {
    const customer = await signedInClient(ctx);
    const report = await createReport(ctx, customer.user, await vineyard(customer));
    const sample = {
      generatedAt: '2025-01-01T00:00:00.000Z',
      sample: true,
      providers: { soil: null, weather: null, satellite: null },
      soil_data: [],
      satellite_data: [],
      weather_data: [],
      satellite_stats: [],
    };
    await mkdir(path.dirname(fileOf(report.uuid)), { recursive: true });
    await writeFile(fileOf(report.uuid), JSON.stringify(sample));
    await runToEnd(admin.http, 'refreshReports');
    expect(await readFileOf(report.uuid)).toEqual(sample);
  });

  it('push their progress to administrators on the agro channel', async () => {
    const customer = await signedInClient(ctx);
    await createReport(ctx, customer.user, await vineyard(customer));
    const messages: RealtimeMessage[] = [];
    const origin = 'http://localhost:3000';
    const open = (http: Client) =>
      ctx.app.injectWS(
        '/api/realtime',
        { headers: { cookie: http.cookie ?? '', origin } },
        {
          onInit: (ws) =>
            ws.on('message', (data) => messages.push(JSON.parse(String(data)) as RealtimeMessage)),
        },
      ) as Promise<WebSocket>;
    const refused = await open(customer.http);
    refused.send(JSON.stringify({ type: 'join', channel: 'agro' }));
    const socket = await open(admin.http);
    socket.send(JSON.stringify({ type: 'join', channel: 'agro' }));
    await vi.waitFor(
      () => {
        expect(messages).toContainEqual(
          expect.objectContaining({ type: 'channel', channel: 'agro', joined: false }),
        );
        expect(messages).toContainEqual({ type: 'channel', channel: 'agro', joined: true });
      },
      { timeout: 10_000 },
    );

    const run = await runToEnd(admin.http, 'populateReportsSatelliteImgs');
    // The last push of the run may arrive just after its state reads done: wait for it.
    await vi.waitFor(
      () => {
        const pushed = messages.flatMap((message) => (message.type === 'agro-run' ? message.runs : []));
        const ofRun = pushed.filter((view) => view.id === run.id);
        expect(ofRun[0]?.status).toBe('queued');
        expect(ofRun.at(-1)).toMatchObject({ status: 'done', done: run.total, total: run.total });
      },
      { timeout: 10_000 },
    );
    refused.terminate();
    socket.terminate();
  });

  it('list the recent runs', async () => {
    const runs = (await admin.http.get('/api/agro/runs')).json().data as AgroRunView[];
    expect(runs.length).toBeGreaterThan(3);
    expect((runs[0]?.createdAt ?? '') >= (runs[1]?.createdAt ?? '')).toBe(true);
    expect((await admin.http.get('/api/agro/runs/4f0e1c1a-0000-4000-a000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('register the daily refresh with pg-boss', async () => {
    const { rows } = (await ctx.database.executor.executeSql(
      "select name, cron, timezone from pgboss.schedule where name = 'agro.daily'",
      [],
    )) as { rows: { name: string; cron: string; timezone: string }[] };
    expect(rows).toEqual([{ name: 'agro.daily', cron: '0 3 * * *', timezone: 'UTC' }]);
  });
});

describe('GET /agro/history', () => {
  it("answers the file of the field's latest report that has one, to whoever sees the field", async () => {
    const owner = await signedInClient(ctx);
    const field = await vineyard(owner);
    const older = await createReport(ctx, owner.user, field);
    await createReport(ctx, owner.user, field, { validFrom: null, validTo: null, status: 'pending' });
    expect((await owner.http.get(`/api/agro/history?fieldUuid=${field.uuid}`)).json()).toEqual({
      data: null,
    });

    await runToEnd(admin.http, 'populateReportsSatelliteImgs');
    const answer = await owner.http.get(`/api/agro/history?fieldUuid=${field.uuid}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      reportUuid: older.uuid,
      sample: false,
      providers: { satellite: 'sentinel-2-stac' },
      satellite_data: [expect.objectContaining({ type: 'Sentinel-2' })],
    });
    const stranger = await signedInClient(ctx);
    expect((await stranger.http.get(`/api/agro/history?fieldUuid=${field.uuid}`)).statusCode).toBe(404);
    expect((await admin.http.get(`/api/agro/history?fieldUuid=${field.uuid}`)).statusCode).toBe(200);
  });
});
