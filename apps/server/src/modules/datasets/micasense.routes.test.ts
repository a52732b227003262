import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields } from '../../platform/db/schema.ts';
import { hasMicasense, MICASENSE_DIR, skipUnlessCi } from '../../platform/imaging/test-support/paths.ts';
import { rectangleRing, signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, reportData, uploadAndValidate, waitForData } from './test-support.ts';

let ctx: TestApp;
beforeAll(async () => {
  if (!skipUnlessCi(hasMicasense)) ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

// Both captures of the real Fresno set: the calibration panel on the ground and the flight at 72.7 m.
const CAPTURES = ['IMG_0000', 'IMG_0001'];

async function micasenseZip(captures = CAPTURES) {
  const entries = [];
  for (const capture of captures) {
    for (let band = 1; band <= 5; band++) {
      const name = `${capture}_${band}.tif`;
      entries.push({ name, data: await readFile(path.join(MICASENSE_DIR, name)) });
    }
  }
  return buildZip(entries);
}

const ringAroundCapture = () => {
  const d = 150 / 111_000;
  return rectangleRing(-119.4352604 - d, 36.5760815 - d, -119.4352604 + d, 36.5760815 + d);
};

async function highestZoom(uuid: string) {
  const zooms = await readdir(path.join(ctx.config.dataDir, 'files', 'reports', uuid, 'tiles', 'no_pseu'));
  return Math.max(...zooms.map(Number));
}

describe.skipIf(skipUnlessCi(hasMicasense))('a real MicaSense RedEdge dataset', () => {
  it('with its panel capture: height from the ground capture whatever the field altitude; the panel is not analysed', async () => {
    const customer = await customerWithReport(ctx, { ring: ringAroundCapture() });
    // The form's 0 (sea level): GPS altitude minus 0 would be 174.5 m, 2.4 × the real height.
    await ctx.database.db.update(fields).set({ altitude: 0 }).where(eq(fields.id, customer.field.id));
    await uploadAndValidate(customer, [{ name: 'fresno.zip', body: await micasenseZip() }]);
    const done = await waitForData(customer.http, customer.report.uuid, (data) =>
      ['complete', 'failed', 'review'].includes(data.dataset?.status ?? ''),
    );
    expect(done.report.status).toBe('complete');
    expect(done.report.numOfOutputImgs).toBe(1);
    expect(done.report.imaging).toEqual([
      expect.objectContaining({
        camera: 'MicaSense RedEdge',
        kind: 'multispectral',
        bands: ['red', 'green', 'blue', 'nir', 'redEdge'],
        method: 'band-metadata',
        heightSource: 'ground-capture',
        heightM: 72.7,
      }),
    ]);
    expect(done.report.layers).toContain('no_pseu');
    // 5 cm flight pixels: zoom 20 at this latitude, the nearest in scale (6.0 cm; zoom 21 has
    // 3.0 cm). The 1 mm panel pixels would give 23.
    expect(await highestZoom(customer.report.uuid)).toBe(20);
  }, 300_000);

  it('the flight capture alone with field altitude 0: staff confirm the height before any analysis', async () => {
    const customer = await customerWithReport(ctx, { ring: ringAroundCapture() });
    await ctx.database.db.update(fields).set({ altitude: 0 }).where(eq(fields.id, customer.field.id));
    await uploadAndValidate(customer, [{ name: 'flight.zip', body: await micasenseZip(['IMG_0001']) }]);
    const review = await waitForData(customer.http, customer.report.uuid, (data) =>
      ['complete', 'failed', 'review'].includes(data.dataset?.status ?? ''),
    );
    expect(review.dataset?.status).toBe('review');
    expect(review.dataset?.progress.phase).toBe('review');
    expect(review.dataset?.review?.reasons.join(' ')).toMatch(/174\.5 m, outside the plausible 5–150 m/);
    expect(review.report.status).toBe('processing_data');
    expect(review.canConfirmImaging).toBe(false);
    // The customer may not confirm; operations staff may.
    const refused = await customer.http.post(`/api/reports/${customer.report.uuid}/data/confirm`, {
      heightM: 72.7,
    });
    expect(refused.statusCode).toBe(403);
    const staff = await signedInClient(ctx, { role: 'operation_admin' });
    expect((await reportData(staff.http, customer.report.uuid)).canConfirmImaging).toBe(true);
    const tooLow = await staff.http.post(`/api/reports/${customer.report.uuid}/data/confirm`, { heightM: 1 });
    expect(tooLow.statusCode).toBe(400);
    const confirmed = await staff.http.post(`/api/reports/${customer.report.uuid}/data/confirm`, {
      heightM: 72.7,
    });
    expect(confirmed.statusCode).toBe(202);
    const done = await waitForData(customer.http, customer.report.uuid, (data) =>
      ['complete', 'failed'].includes(data.dataset?.status ?? ''),
    );
    expect(done.report.status).toBe('complete');
    expect(done.report.imaging[0]).toMatchObject({ heightSource: 'staff-confirmed', heightM: 72.7 });
    const again = await staff.http.post(`/api/reports/${customer.report.uuid}/data/confirm`, { heightM: 70 });
    expect(again.statusCode).toBe(409);
  }, 300_000);
});
