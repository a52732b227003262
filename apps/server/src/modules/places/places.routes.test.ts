import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/places', () => {
  it('finds a region by its Greek name, with the area to show', async () => {
    const { http: grower } = await signedInClient(ctx);
    const response = await grower.get(`/api/places?q=${encodeURIComponent('Πελοπόννησος')}`);
    expect(response.statusCode).toBe(200);
    const [first] = response.json().data;
    expect(first).toMatchObject({ kind: 'region', name: 'Peloponnese', countryCode: 'GR' });
    const [west, south, east, north] = first.bounds;
    // The Peloponnese lies within about 21–23.6° E and 36.3–38.4° N.
    expect(west).toBeGreaterThan(20.5);
    expect(east).toBeLessThan(24);
    expect(south).toBeGreaterThan(36);
    expect(north).toBeLessThan(38.7);
  });

  it('finds a town in Greek or Latin letters, without accents, most populous first', async () => {
    const { http: grower } = await signedInClient(ctx);
    for (const query of ['Νεμέα', 'nemea', 'NEMEA']) {
      const response = await grower.get(`/api/places?q=${encodeURIComponent(query)}`);
      expect(response.json().data[0]).toMatchObject({ kind: 'place', name: 'Neméa', countryCode: 'GR' });
      expect(response.json().data[0].center.lng).toBeCloseTo(22.66, 1);
    }
    const athens = (await grower.get('/api/places?q=athens&limit=3')).json().data;
    expect(athens).toHaveLength(3);
    expect(athens[0]).toMatchObject({ name: 'Athens', countryCode: 'GR' });
  });

  it('answers nothing for a one-letter or unknown query, and refuses a stranger', async () => {
    const { http: grower } = await signedInClient(ctx);
    expect((await grower.get('/api/places?q=a')).json().data).toEqual([]);
    expect((await grower.get('/api/places?q=zzqxv')).json().data).toEqual([]);
    expect((await grower.get('/api/places?q=nemea&limit=500')).statusCode).toBe(400);
    expect((await client(ctx.app).get('/api/places?q=nemea')).statusCode).toBe(401);
  });
});
