import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** A provider answer as recorded in `fixtures/` (the documented response shapes). */
export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures', name), 'utf8'));
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Answer =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  | { delayMs: number; json: unknown };
type Route = (request: RecordedRequest) => Answer;

/**
 * A local HTTP server standing in for a provider (no internet in tests): `routes` map a path to an
 * answer; tests swap them to play bad keys, rate limits, malformed JSON and slow answers.
 */
export async function startFixtureServer(initial: Record<string, Route> = {}) {
  let routes: Record<string, Route> = { ...initial };
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://fixture.local'),
      body: text ? JSON.parse(text) : null,
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.url.pathname}`];
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"cod":404,"message":"not found"}');
      return;
    }
    const answer = route(request);
    if ('delayMs' in answer) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const status = 'status' in answer && answer.status ? answer.status : 200;
    if ('text' in answer) res.writeHead(status, { 'Content-Type': 'application/json' }).end(answer.text);
    else res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(key: string, handler: Route) {
      routes = { ...routes, [key]: handler };
    },
    reset(next: Record<string, Route>) {
      routes = { ...next };
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FixtureServer = Awaited<ReturnType<typeof startFixtureServer>>;

/** Open-Meteo's hourly soil answer around now (the provider answers the current and next hours). */
export function openMeteoSoil(nowSeconds: number) {
  const hour = Math.floor(nowSeconds / 3600) * 3600;
  const time = [hour - 3600, hour, hour + 3600];
  return {
    latitude: 37.8125,
    longitude: 22.6875,
    generationtime_ms: 0.05,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 326,
    hourly_units: {
      time: 'unixtime',
      soil_temperature_0cm: '°C',
      soil_temperature_6cm: '°C',
      soil_temperature_18cm: '°C',
      soil_moisture_0_to_1cm: 'm³/m³',
    },
    hourly: {
      time,
      soil_temperature_0cm: [20.5, 21.9, 23.4],
      soil_temperature_6cm: [19.0, 19.6, 20.1],
      soil_temperature_18cm: [17.2, 17.3, 17.5],
      soil_moisture_0_to_1cm: [0.151, 0.149, 0.147],
    },
  };
}
