import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields } from '../../platform/db/schema.ts';
import { hasMicasense, MICASENSE_DIR, skipUnlessCi } from '../../platform/imaging/test-support/paths.ts';
import { rectangleRing } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildZip } from '../../test/zip-writer.ts';
import { customerWithReport, uploadAndValidate, waitForData } from './test-support.ts';

let ctx: TestApp;
beforeAll(async () => {
  if (!skipUnlessCi(hasMicasense)) ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

// Both captures of the real Fresno set: the calibration panel on the ground and the flight at 72.7 m.
const CAPTURES = ['IMG_0000', 'IMG_0001'];
const GROUND_ALTITUDE_M = 101.861;

async function micasenseZip() {
  const entries = [];
  for (const capture of CAPTURES) {
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

describe.skipIf(skipUnlessCi(hasMicasense))('a real MicaSense RedEdge dataset', () => {
  it('without a field altitude (no height above ground): completes without map layers', async () => {
    const customer = await customerWithReport(ctx, { ring: ringAroundCapture() });
    await uploadAndValidate(customer, [{ name: 'fresno.zip', body: await micasenseZip() }]);
    const done = await waitForData(customer.http, customer.report.uuid, (data) =>
      ['complete', 'failed'].includes(data.dataset?.status ?? ''),
    );
    expect(done.report.status).toBe('complete');
    expect(done.report.layers).toEqual([]);
  }, 300_000);

  it('with the field altitude: tiles to the flight resolution, not the panel capture’s', async () => {
    const customer = await customerWithReport(ctx, { ring: ringAroundCapture() });
    await ctx.database.db
      .update(fields)
      .set({ altitude: GROUND_ALTITUDE_M - 1.5 })
      .where(eq(fields.id, customer.field.id));
    await uploadAndValidate(customer, [{ name: 'fresno.zip', body: await micasenseZip() }]);
    const done = await waitForData(customer.http, customer.report.uuid, (data) =>
      ['complete', 'failed'].includes(data.dataset?.status ?? ''),
    );
    expect(done.report.status).toBe('complete');
    expect(done.report.layers).toContain('no_pseu');
    // 5 cm flight pixels: zoom 21 at this latitude (the 1 mm panel pixels would give 23).
    const zooms = await readdir(
      path.join(ctx.config.dataDir, 'files', 'reports', customer.report.uuid, 'tiles', 'no_pseu'),
    );
    expect(
      zooms
        .map(Number)
        .sort((a, b) => a - b)
        .at(-1),
    ).toBe(21);
  }, 300_000);
});
