import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createField, createReport, createShoot, signedInClient } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

describe('GET /api/fields as the list and the map need it', () => {
  it('answers coordinates to 7 decimals, report summaries without results, and lean shoots', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(ctx, customer.user, {
      ring: [
        [22.70000012345, 37.8],
        [22.71, 37.80000098765],
        [22.71, 37.81],
        [22.7, 37.81],
        [22.70000012345, 37.8],
      ],
    });
    const report = await createReport(ctx, customer.user, field, {
      status: 'complete',
      outputData: [{ lng: 22.705, lat: 37.805, file: 'secret-output-photo.jpg', bboxes: {} }],
    });
    const shoot = await createShoot(ctx, report, { dateStart: '2026-05-01', dateEnd: '2026-05-10' });

    const response = await customer.http.get('/api/fields');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('secret-output-photo');
    const list = response.json();
    const [listed] = list.data;
    for (const [lng, lat] of listed.polygonPoints) {
      expect(decimals(lng)).toBeLessThanOrEqual(7);
      expect(decimals(lat)).toBeLessThanOrEqual(7);
    }
    expect(listed.polygonPoints[0]).toEqual([22.7000001, 37.8]);
    expect(decimals(listed.centroid.lng)).toBeLessThanOrEqual(7);
    expect(listed.Reports.map((r: { uuid: string }) => r.uuid)).toEqual([report.uuid]);
    expect(list.shootData).toEqual([
      expect.objectContaining({
        uuid: shoot.uuid,
        fieldId: field.id,
        report: { id: report.id, uuid: report.uuid, status: 'complete' },
        dateRange: { start: '2026-05-01', end: '2026-05-10' },
      }),
    ]);
    // The field, the owner and the crew are the detail routes' business.
    expect(Object.keys(list.shootData[0])).not.toEqual(expect.arrayContaining(['field']));
    expect(list.shootData[0].owner).toBeUndefined();
  });

  it('answers 304 without a body while the list is unchanged, and 200 once it changed', async () => {
    const customer = await signedInClient(ctx, { role: 'b2c_admin' });
    await createField(ctx, customer.user, { title: 'First block' });
    const first = await customer.http.get('/api/fields');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await customer.http.get('/api/fields', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await createField(ctx, customer.user, { title: 'Second block' });
    const changed = await customer.http.get('/api/fields', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.map((f: { title: string }) => f.title)).toEqual([
      'Second block',
      'First block',
    ]);
    expect(changed.headers.etag).not.toBe(etag);

    // Another user's list never matches this one's tag by accident of an empty list.
    const other = await signedInClient(ctx, { role: 'b2c_admin' });
    expect((await other.http.get('/api/fields', { headers: { 'if-none-match': etag } })).statusCode).toBe(
      200,
    );
  });
});
