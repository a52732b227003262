import { DATASET_MESSAGES as M } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createField, createManualReport } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { customerWithReport, reportData } from './test-support.ts';

const MB = 1024 * 1024;
/** What the upload disk reports as free; each test sets it. */
let free = 0;
let asked: string[] = [];
let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({
    storage: 'local',
    env: { UPLOAD_DISK_RESERVE_MB: '100', UPLOAD_MAX_GB_PER_ACCOUNT: '0.5' },
    diskFreeBytes: async (dir) => {
      asked.push(dir);
      return free;
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('upload limits', () => {
  it('refuses an upload the disk cannot take (free space minus the reserve and other unfinished uploads)', async () => {
    const { report, tus, http } = await customerWithReport(ctx);
    free = 400 * MB;
    asked = [];
    // 400 MB free, 100 MB kept: 300 MB fit.
    const fits = await tus.create(report.uuid, 'ortho.tif', 300 * MB);
    expect(fits.statusCode).toBe(201);
    expect(asked).toEqual([ctx.config.dataDir]);
    // That upload has not sent its 300 MB yet: nothing more fits.
    const refused = await tus.create(report.uuid, 'dsm.tif', 1 * MB);
    expect(refused.statusCode).toBe(507);
    expect(refused.json().errors[0].msg).toBe(M.uploadNoSpace);
    expect((await reportData(http, report.uuid)).dataset?.uploads.map((upload) => upload.filename)).toEqual([
      'ortho.tif',
    ]);
    // Room again (the disk grew): the same upload is accepted.
    free = 10_000 * MB;
    expect((await tus.create(report.uuid, 'dsm.tif', 1 * MB)).statusCode).toBe(201);
  });

  it("limits one account's bytes waiting to be processed, across its reports", async () => {
    free = 100_000 * MB;
    const first = await customerWithReport(ctx);
    expect((await first.tus.create(first.report.uuid, 'a.zip', 400 * MB)).statusCode).toBe(201);
    // A second report of another field of the same customer: 400 + 200 MB is over 0.5 GB.
    const field = await createField(ctx, first.user);
    const second = await createManualReport(ctx, field, {});
    const refused = await first.tus.create(second.uuid, 'b.zip', 200 * MB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors[0].msg).toBe(M.uploadAccountLimit);
    // Another customer is not held back by the first one's uploads.
    const other = await customerWithReport(ctx);
    expect((await other.tus.create(other.report.uuid, 'b.zip', 200 * MB)).statusCode).toBe(201);
  });
});
