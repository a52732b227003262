import type { ReportDataView } from '@ampelos/domain';
import { createField, createManualReport, signedInClient } from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import type { TestApp } from '../../test/test-app.ts';
import { tusClient } from '../../test/tus-client.ts';

/** A signed-in customer with a field (`ring` when given) and a processing BYOI report of it. */
export async function customerWithReport(
  ctx: TestApp,
  options: {
    ring?: [number, number][];
    report?: Parameters<typeof createManualReport>[2];
    lang?: 'en' | 'el';
  } = {},
) {
  const customer = await signedInClient(ctx, options.lang ? { lang: options.lang } : {});
  const field = await createField(ctx, customer.user, options.ring ? { ring: options.ring } : {});
  const report = await createManualReport(ctx, field, options.report ?? {});
  return { ...customer, field, report, tus: tusClient(customer.http) };
}

export async function reportData(http: Client, reportUuid: string): Promise<ReportDataView> {
  const response = await http.get(`/api/reports/${reportUuid}/data`);
  if (response.statusCode !== 200) throw new Error(`data: ${response.statusCode} ${response.body}`);
  return response.json().data as ReportDataView;
}

/** Polls the report's data state until `done` holds (the jobs run in the background). */
export async function waitForData(
  http: Client,
  reportUuid: string,
  done: (data: ReportDataView) => boolean,
  timeoutMs = 120_000,
): Promise<ReportDataView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = await reportData(http, reportUuid);
    if (done(data)) return data;
    if (Date.now() > deadline)
      throw new Error(`data state not reached: ${JSON.stringify(data.dataset?.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Uploads the files, submits, and waits for validation to finish. */
export async function uploadAndValidate(
  customer: { http: Client; report: { uuid: string }; tus: ReturnType<typeof tusClient> },
  files: { name: string; body: Buffer }[],
) {
  for (const file of files) await customer.tus.upload(customer.report.uuid, file.name, file.body);
  const submitted = await customer.http.post(`/api/reports/${customer.report.uuid}/data/submit`);
  if (submitted.statusCode !== 202) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  return waitForData(customer.http, customer.report.uuid, (data) => data.dataset?.status !== 'validating');
}

/** A closed rectangle (longitude, latitude) around the plants, `marginDeg` degrees to spare on each side. */
export function ringAroundPlants(
  plants: { lng: number; lat: number }[],
  marginDeg = 40 / 111_000,
): [number, number][] {
  const lngs = plants.map((plant) => plant.lng);
  const lats = plants.map((plant) => plant.lat);
  const [west, east] = [Math.min(...lngs) - marginDeg, Math.max(...lngs) + marginDeg];
  const [south, north] = [Math.min(...lats) - marginDeg, Math.max(...lats) + marginDeg];
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}
