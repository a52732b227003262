import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createField, createManualReport, signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('map tiles with nothing on them', () => {
  it('answers a transparent tile for a layer the report has, and 404 for anything else', async () => {
    const owner = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, owner.user);
    const report = await createManualReport(ctx, field, { status: 'complete', layers: ['ai'] });
    const base = `/api/reports/${report.uuid}/files/tiles`;

    const empty = await owner.http.get(`${base}/ai/18/150001/100001.png`);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('image/png');
    expect(empty.headers['cache-control']).toContain('private');
    const { data, info } = await sharp(empty.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect([...data].filter((_, i) => i % 4 === 3).every((alpha) => alpha === 0)).toBe(true);

    // A layer the report does not have, and a report not complete yet, still answer 404.
    expect((await owner.http.get(`${base}/dsm/18/150001/100001.png`)).statusCode).toBe(404);
    const pending = await createManualReport(ctx, field, { status: 'processing', layers: ['ai'] });
    expect(
      (await owner.http.get(`/api/reports/${pending.uuid}/files/tiles/ai/18/150001/100001.png`)).statusCode,
    ).toBe(404);
    // Someone who may not see the report gets the same 404 as before.
    const stranger = await signedInClient(ctx);
    expect((await stranger.http.get(`${base}/ai/18/150001/100001.png`)).statusCode).toBe(404);
  });
});
