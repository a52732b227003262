import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FieldView } from '@ampelos/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  multipartFile,
  rectangleRing,
  signedInClient,
  validField,
} from '../../test/factories.ts';
import type { Client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { GEOMETRY_MESSAGES } from './geometry.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function createField(http: Client, overrides: Record<string, unknown> = {}): Promise<FieldView> {
  const response = await http.post('/api/field/create', validField(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data;
}

const listedUuids = async (http: Client) =>
  ((await http.get('/api/fields')).json().data as FieldView[]).map((field) => field.uuid);

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 60, g: 110, b: 40 } } })
    .png()
    .toBuffer();

async function uploadSnapshot(http: Client) {
  const upload = multipartFile('avatar', 'map.png', await pngOf(1024, 768), 'image/png');
  return http.post('/api/field/avatar/upload', upload.payload, { headers: upload.headers });
}

/**
 * Reference area of a lng/lat quadrangle on the WGS84 ellipsoid (closed-form zone area),
 * independent of the library the server uses.
 */
function ellipsoidQuadrangleArea(west: number, south: number, east: number, north: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const b = a * (1 - f);
  const e = Math.sqrt(2 * f - f * f);
  const zone = (latDeg: number) => {
    const s = Math.sin((latDeg * Math.PI) / 180);
    return s / (2 * (1 - e * e * s * s)) + Math.log((1 + e * s) / (1 - e * s)) / (4 * e);
  };
  return (((east - west) * Math.PI) / 180) * b * b * (zone(north) - zone(south));
}

describe('the owner', () => {
  it('creates, lists, reads, edits and deletes a field', async () => {
    const { http } = await signedInClient(ctx, { role: 'b2c_admin' });
    expect((await http.get('/api/fields')).json()).toEqual({ data: [], shootData: [] });

    const created = await http.post('/api/field/create', validField());
    expect(created.statusCode).toBe(201);
    expect(created.json().msg).toBe('New Field successfully created. You can now choose a service');
    const field: FieldView = created.json().data;
    expect(field).toMatchObject({
      title: 'Nemea North',
      variety: 'Agiorgitiko',
      usedFor: 1,
      avgPlantHeight: 1.7,
      location: { country: 'Greece', countryCode: 'GR', region: 'Peloponnese' },
      mapDisplay: { lat: 37.8175, lng: 22.7105, zoom: 16 },
      avatar: null,
      Reports: [],
      agroId: null,
    });
    expect(field.owner).toBeUndefined();
    expect(field.centroid.lng).toBeCloseTo(22.71055, 6);
    expect(field.centroid.lat).toBeCloseTo(37.81745, 6);
    expect(field.polygonPoints).toEqual(validField().polygonPoints);

    const second = await createField(http, { title: 'Nemea South' });
    const list = (await http.get('/api/fields')).json();
    expect(list.shootData).toEqual([]);
    expect(list.data.map((f: FieldView) => f.title)).toEqual(['Nemea South', 'Nemea North']);

    const detail = await http.get(`/api/field/${field.uuid}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(field);

    const updated = await http.post('/api/field/update', {
      uuid: field.uuid,
      title: 'Nemea Upper',
      variety: 'Assyrtiko',
      usedFor: 2,
      age: 13,
      altitude: 330,
      slope: 5,
      avgPlantHeight: 2.9,
    });
    expect(updated.statusCode).toBe(201);
    expect(updated.json().msg).toBe('Field successfully updated');
    expect(updated.json().data).toMatchObject({
      title: 'Nemea Upper',
      variety: 'Assyrtiko',
      usedFor: 2,
      avgPlantHeight: 2.9,
      area: field.area,
      polygonPoints: field.polygonPoints,
    });

    const deleted = await http.post('/api/field/delete', { uuid: second.uuid });
    expect(deleted.statusCode).toBe(201);
    expect(deleted.json()).toEqual({ msg: 'Field successfully deleted' });
    expect((await http.get(`/api/field/${second.uuid}`)).statusCode).toBe(404);
    expect(await listedUuids(http)).toEqual([field.uuid]);
  });

  it('edits with the edit rules: title 3 to 50 characters', async () => {
    const { http } = await signedInClient(ctx);
    const field = await createField(http);
    const response = await http.post('/api/field/update', {
      uuid: field.uuid,
      title: 'No',
      usedFor: 1,
      age: 1,
      altitude: 1,
      slope: 1,
      avgPlantHeight: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { msg: 'Must be between 3 and 50 characters', key: 'errors:validation.fieldTitleEdit', path: 'title' },
    ]);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ url: '/api/fields' })).statusCode).toBe(401);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/field/create',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: validField(),
    });
    expect(create.statusCode).toBe(401);
  });
});

describe('another customer', () => {
  it('sees nothing of the field and touches nothing: 404 everywhere', async () => {
    const owner = await signedInClient(ctx, { role: 'b2c_admin' });
    const other = await signedInClient(ctx, { role: 'b2c_admin' });
    const field = await createField(owner.http);
    await createField(other.http, { title: 'Mine' });

    const list = (await other.http.get('/api/fields')).json();
    expect(list.data.map((f: FieldView) => f.title)).toEqual(['Mine']);
    expect(JSON.stringify(list)).not.toContain(field.uuid);

    const attempts = [
      await other.http.get(`/api/field/${field.uuid}`),
      await other.http.post('/api/field/update', {
        uuid: field.uuid,
        title: 'Taken over',
        usedFor: 1,
        age: 1,
        altitude: 1,
        slope: 1,
        avgPlantHeight: 1,
      }),
      await other.http.post('/api/field/delete', { uuid: field.uuid }),
      await other.http.post('/api/reports/download/kml', { fieldId: field.uuid }),
      await other.http.post('/api/reports/download/kml', { fieldId: field.id }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: [{ msg: 'Field not found', key: 'errors:agro.fieldNotFound' }],
      });
    }
    expect((await owner.http.get(`/api/field/${field.uuid}`)).json().data.title).toBe('Nemea North');
  });

  it('answers 404 for a malformed or unknown uuid', async () => {
    const { http } = await signedInClient(ctx);
    expect((await http.get('/api/field/not-a-uuid')).statusCode).toBe(404);
    expect((await http.get('/api/field/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('b2b colleagues', () => {
  it('share the fields of their company; other companies and b2c users see none', async () => {
    const company = await createCompany(ctx);
    const otherCompany = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    const outsider = await signedInClient(ctx, { role: 'b2b_admin', companyId: otherCompany.id });
    const b2cSameCompany = await signedInClient(ctx, { role: 'b2c_admin', companyId: company.id });
    const field = await createField(owner.http);

    expect(await listedUuids(colleague.http)).toEqual([field.uuid]);
    const detail = (await colleague.http.get(`/api/field/${field.uuid}`)).json().data;
    expect(detail.title).toBe('Nemea North');
    expect(detail.owner).toBeUndefined();

    const update = await colleague.http.post('/api/field/update', {
      uuid: field.uuid,
      title: 'Shared block',
      usedFor: 3,
      age: 2,
      altitude: 10,
      slope: 1,
      avgPlantHeight: 0.5,
    });
    expect(update.statusCode).toBe(201);
    expect(update.json().data.title).toBe('Shared block');
    // b2b_user has no Field:delete.
    expect((await colleague.http.post('/api/field/delete', { uuid: field.uuid })).statusCode).toBe(403);

    // A colleague's own field is shared back with the b2b admin.
    const colleagueField = await createField(colleague.http, { title: 'Colleague block' });
    expect(await listedUuids(owner.http)).toEqual([colleagueField.uuid, field.uuid]);

    for (const stranger of [outsider, b2cSameCompany]) {
      expect(await listedUuids(stranger.http)).toEqual([]);
      expect((await stranger.http.get(`/api/field/${field.uuid}`)).statusCode).toBe(404);
    }
    expect((await outsider.http.post('/api/field/delete', { uuid: field.uuid })).statusCode).toBe(404);

    const kml = await colleague.http.post('/api/reports/download/kml', { fieldId: field.id });
    expect(kml.statusCode).toBe(200);
    const removed = await owner.http.post('/api/field/delete', { uuid: colleagueField.uuid });
    expect(removed.statusCode).toBe(201);
  });

  it('a b2b user without a company sees only their own fields', async () => {
    const loner = await signedInClient(ctx, { role: 'b2b_user', companyId: null });
    const other = await signedInClient(ctx, { role: 'b2b_user', companyId: null });
    const field = await createField(loner.http);
    expect(await listedUuids(loner.http)).toEqual([field.uuid]);
    expect(await listedUuids(other.http)).toEqual([]);
  });
});

describe('staff', () => {
  it('an admin sees every field with its owner and may edit and delete it', async () => {
    const customer = await signedInClient(ctx, {
      role: 'b2c_admin',
      firstName: 'Eleni',
      lastName: 'Papadaki',
    });
    const field = await createField(customer.http, { title: 'Eleni block' });
    const admin = await signedInClient(ctx, { role: 'admin' });

    const listed = ((await admin.http.get('/api/fields')).json().data as FieldView[]).find(
      (f) => f.uuid === field.uuid,
    );
    expect(listed?.owner).toEqual({
      uuid: customer.user.uuid,
      firstName: 'Eleni',
      lastName: 'Papadaki',
      email: customer.user.email,
    });
    expect((await admin.http.get(`/api/field/${field.uuid}`)).json().data.owner.email).toBe(
      customer.user.email,
    );
    const update = await admin.http.post('/api/field/update', {
      uuid: field.uuid,
      title: 'Checked by staff',
      usedFor: 1,
      age: 1,
      altitude: 1,
      slope: 1,
      avgPlantHeight: 1,
    });
    expect(update.json().data.owner.uuid).toBe(customer.user.uuid);
    expect((await admin.http.post('/api/field/delete', { uuid: field.uuid })).statusCode).toBe(201);
    expect(await listedUuids(customer.http)).toEqual([]);
  });

  it('other staff read all fields; Marketing Admin may not edit', async () => {
    const customer = await signedInClient(ctx);
    const field = await createField(customer.http);
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    const marketing = await signedInClient(ctx, { role: 'Marketing Admin' });
    expect(await listedUuids(operations.http)).toContain(field.uuid);
    expect(await listedUuids(marketing.http)).toContain(field.uuid);
    const edit = {
      uuid: field.uuid,
      title: 'Renamed',
      usedFor: 1,
      age: 1,
      altitude: 1,
      slope: 1,
      avgPlantHeight: 1,
    };
    expect((await operations.http.post('/api/field/update', edit)).statusCode).toBe(201);
    expect((await marketing.http.post('/api/field/update', edit)).statusCode).toBe(403);
    expect((await marketing.http.post('/api/field/delete', { uuid: field.uuid })).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('a b2c_user reads fields but may not create one nor upload a snapshot (403)', async () => {
    const { http } = await signedInClient(ctx, { role: 'b2c_user' });
    expect((await http.get('/api/fields')).statusCode).toBe(200);
    const create = await http.post('/api/field/create', validField());
    expect(create.statusCode).toBe(403);
    expect((await uploadSnapshot(http)).statusCode).toBe(403);
  });

  it('drone roles do not read fields', async () => {
    const { http } = await signedInClient(ctx, { role: 'drone_operator' });
    expect((await http.get('/api/fields')).statusCode).toBe(403);
  });
});

describe('geometry from the client', () => {
  const open = rectangleRing(22.71, 37.817, 22.7111, 37.8179).slice(0, 4);
  const twoPoints = [
    [22.71, 37.817],
    [22.711, 37.817],
    [22.711, 37.817],
    [22.71, 37.817],
  ];
  const bowTie = [
    [22.71, 37.817],
    [22.711, 37.818],
    [22.711, 37.817],
    [22.71, 37.818],
    [22.71, 37.817],
  ];
  it.each([
    ['an open ring', open, GEOMETRY_MESSAGES.required],
    ['two distinct points', twoPoints, GEOMETRY_MESSAGES.required],
    ['a bow-tie', bowTie, GEOMETRY_MESSAGES.selfIntersection],
    [
      'a longitude out of range',
      rectangleRing(179.9995, 10, 180.0005, 10.001),
      GEOMETRY_MESSAGES.coordinates,
    ],
    ['a field over 10,000 ha', rectangleRing(22, 37, 23, 38), GEOMETRY_MESSAGES.tooLarge],
    ['a field under 1 m²', rectangleRing(22, 37, 22.000001, 37.000001), GEOMETRY_MESSAGES.tooSmall],
  ])('refuses %s with a clear 400', async (_, polygonPoints, message) => {
    const { http } = await signedInClient(ctx);
    const response = await http.post('/api/field/create', validField({ polygonPoints }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].msg).toBe(message);
    expect(response.json().errors[0].path).toMatch(/^polygonPoints/);
    expect(await listedUuids(http)).toEqual([]);
  });

  it('computes the area itself, within 0.5% of a reference geodesic area', async () => {
    const { http } = await signedInClient(ctx);
    const field = await createField(http, { polygonPoints: rectangleRing(22.71, 38, 22.711, 38.001) });
    const reference = ellipsoidQuadrangleArea(22.71, 38, 22.711, 38.001);
    expect(Math.abs(field.area - reference) / reference).toBeLessThan(0.005);
  });

  it("refuses the client's area, centroid and location", async () => {
    const { http } = await signedInClient(ctx);
    for (const extra of [
      { area: 1 },
      { location: { country: 'Atlantis', region: null } },
      { centroid: {} },
    ]) {
      const response = await http.post('/api/field/create', { ...validField(), ...extra });
      expect(response.statusCode).toBe(400);
    }
    expect(await listedUuids(http)).toEqual([]);
  });

  it('accepts a ring of 10,000 positions (a body over the default JSON limit)', async () => {
    const { http } = await signedInClient(ctx);
    const positions = Array.from({ length: 9_999 }, (_, i): [number, number] => {
      const angle = (2 * Math.PI * i) / 9_999;
      return [22.71 + 0.0012345678901 * Math.cos(angle), 37.817 + 0.0012345678901 * Math.sin(angle)];
    });
    const field = await createField(http, { polygonPoints: [...positions, positions[0]] });
    expect(field.polygonPoints).toHaveLength(10_000);
  });

  it('a field at sea has no location', async () => {
    const { http } = await signedInClient(ctx);
    const field = await createField(http, { polygonPoints: rectangleRing(20, 38, 20.001, 38.001) });
    expect(field.location).toEqual({ country: null, countryCode: null, region: null });
  });
});

describe('KML export', () => {
  it('answers a KML 2.2 file named after the field, which GDAL reads as one polygon', async () => {
    const { http } = await signedInClient(ctx);
    const title = 'Ξινόμαυρο <Block> & "Α"';
    const field = await createField(http, { title, variety: 'Xinomavro' });
    const response = await http.post('/api/reports/download/kml', { fieldId: field.uuid });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.google-earth.kml+xml');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.kml"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(`${title}.kml`);
    expect(response.body).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(response.body).toContain('<name>Ξινόμαυρο &lt;Block&gt; &amp; &quot;Α&quot;</name>');
    expect(response.body).toContain('Variety: Xinomavro');
    expect(response.body).toContain('22.71,37.817,0');

    const byId = await http.post('/api/reports/download/kml', { fieldId: field.id });
    expect(byId.body).toBe(response.body);

    const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-kml-'));
    try {
      const file = path.join(dir, 'field.kml');
      await writeFile(file, response.rawPayload);
      const { stdout } = await promisify(execFile)('ogrinfo', ['-ro', '-al', file]).catch((error: Error) => {
        throw new Error(`ogrinfo (Debian gdal-bin) must be installed to run this test: ${error.message}`);
      });
      expect(stdout).toMatch(/Feature Count: 1\b/);
      expect(stdout).toContain(`Name (String) = ${title}`);
      // One feature geometry, a polygon (the layer type reads "Unknown (any)" with the LIBKML driver).
      const geometries =
        stdout.match(/^\s+(POINT|LINESTRING|POLYGON|MULTI\w+|GEOMETRYCOLLECTION)\b.*$/gm) ?? [];
      expect(geometries).toHaveLength(1);
      expect(geometries[0]).toMatch(/^\s+POLYGON (Z )?\(\(22\.71 37\.817/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a body without a valid fieldId', async () => {
    const { http } = await signedInClient(ctx);
    expect((await http.post('/api/reports/download/kml', { fieldId: 'abc' })).statusCode).toBe(400);
    expect((await http.post('/api/reports/download/kml', {})).statusCode).toBe(400);
  });
});

describe('field avatar (map snapshot)', () => {
  it('stores WebP renditions 512 and 128 px wide, and a field created with them shows and deletes them', async () => {
    const { http, user } = await signedInClient(ctx);
    const upload = await uploadSnapshot(http);
    expect(upload.statusCode).toBe(200);
    const { md, xs } = upload.json().file;
    expect(md.Location).toMatch(
      new RegExp(`^/api/files/fields/avatars/${user.uuid}/[0-9a-f-]{36}-md\\.webp$`),
    );
    expect(xs.Location).toMatch(
      new RegExp(`^/api/files/fields/avatars/${user.uuid}/[0-9a-f-]{36}-xs\\.webp$`),
    );
    const served = await ctx.app.inject({ url: md.Location });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 384,
    });
    const small = await sharp((await ctx.app.inject({ url: xs.Location })).rawPayload).metadata();
    expect(small).toMatchObject({ width: 128, height: 96 });

    const field = await createField(http, { avatar: { md: md.Location, xs: xs.Location } });
    expect(field.avatar).toEqual({ md: md.Location, xs: xs.Location });
    expect((await http.get(`/api/field/${field.uuid}`)).json().data.avatar.md).toBe(md.Location);

    await http.post('/api/field/delete', { uuid: field.uuid });
    expect((await ctx.app.inject({ url: md.Location })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: xs.Location })).statusCode).toBe(404);
  });

  it("refuses another user's snapshot, swapped sizes, made-up and outside URLs", async () => {
    const owner = await signedInClient(ctx);
    const thief = await signedInClient(ctx);
    const { md, xs } = (await uploadSnapshot(owner.http)).json().file;
    const mine = (await uploadSnapshot(thief.http)).json().file;
    const made = `/api/files/fields/avatars/${thief.user.uuid}/00000000-0000-4000-8000-000000000000`;
    for (const avatar of [
      { md: md.Location, xs: xs.Location },
      { md: mine.xs.Location, xs: mine.md.Location },
      { md: `${made}-md.webp`, xs: `${made}-xs.webp` },
      { md: 'https://evil.example/a-md.webp', xs: 'https://evil.example/a-xs.webp' },
      { md: `/api/files/avatars/users/${thief.user.uuid}/x-md.webp`, xs: mine.xs.Location },
    ]) {
      const response = await thief.http.post('/api/field/create', validField({ avatar }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('avatar');
    }
    expect(await listedUuids(thief.http)).toEqual([]);
    expect((await ctx.app.inject({ url: md.Location })).statusCode).toBe(200);
  });

  it('refuses a file that is not an image', async () => {
    const { http } = await signedInClient(ctx);
    const upload = multipartFile('avatar', 'map.png', Buffer.from('not an image'), 'image/png');
    const response = await http.post('/api/field/avatar/upload', upload.payload, { headers: upload.headers });
    expect(response.statusCode).toBe(400);
  });
});
