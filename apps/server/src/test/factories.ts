import { randomBytes } from 'node:crypto';
import type { Role } from '@ampelos/domain';
import sharp from 'sharp';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createCommerceRepository, type NewCoupon } from '../modules/commerce/repository.ts';
import { analyseFieldRing } from '../modules/fields/geometry.ts';
import { createFieldRepository } from '../modules/fields/repository.ts';
import { createUserRepository, type NewUser } from '../modules/users/repository.ts';
import { companies, orders, reports, shoots } from '../platform/db/schema.ts';
import { client } from './http.ts';
import type { TestApp } from './test-app.ts';

export const DEFAULT_PASSWORD = 'Grape-vine42';
let sequence = 0;

/** A verified user of the given role (customer by default), straight in the database. */
export async function createUser(
  ctx: TestApp,
  overrides: Partial<NewUser> & { password?: string; role?: Role } = {},
) {
  sequence += 1;
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  const user = await createUserRepository(ctx.database.db).insert({
    firstName: 'Maria',
    lastName: 'Georgiou',
    email: `user${sequence}-${randomBytes(3).toString('hex')}@example.com`,
    role: 'b2c_admin',
    emailVerifiedAt: new Date(),
    unsubscribeToken: randomBytes(24).toString('base64url'),
    passwordHash: await hashPassword(password),
    ...fields,
  });
  return { user, password };
}

/** A signed-in client for a fresh user. */
export async function signedInClient(ctx: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(ctx, overrides);
  const http = client(ctx.app);
  const response = await http.post('/api/user/login', { email: user.email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { http, user, password };
}

export const validAddress = (overrides: Record<string, unknown> = {}) => ({
  city: 'Nemea',
  country: 'Greece',
  state: 'Corinthia',
  zip_postcode: '205 00',
  line_1: '12 Vineyard Road',
  ...overrides,
});

/** A company (b2b customers share fields through it). */
export async function createCompany(ctx: TestApp, overrides: Partial<typeof companies.$inferInsert> = {}) {
  sequence += 1;
  const [company] = await ctx.database.db
    .insert(companies)
    .values({ title: `Domaine ${sequence}`, ...overrides })
    .returning();
  if (!company) throw new Error('company insert returned nothing');
  return company;
}

/** A closed lng/lat rectangle ring, counter-clockwise. */
export function rectangleRing(west: number, south: number, east: number, north: number): [number, number][] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

/** A valid `POST /field/create` body: about one hectare of vines near Nemea. */
export const validField = (overrides: Record<string, unknown> = {}) => ({
  title: 'Nemea North',
  variety: 'Agiorgitiko',
  usedFor: 1,
  age: 12,
  altitude: 320,
  slope: 4.5,
  avgPlantHeight: 1.7,
  polygonPoints: rectangleRing(22.71, 37.817, 22.7111, 37.8179),
  mapDisplay: { lat: 37.8175, lng: 22.7105, zoom: 16 },
  ...overrides,
});

/** A multipart/form-data body carrying one file, as the browser sends an upload. */
export function multipartFile(field: string, filename: string, content: Buffer, type: string) {
  const boundary = '----ampelos-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A square ring of about `hectares` near Nemea; `slot` moves it so fields do not overlap. */
export function hectareRing(hectares: number, slot = 0): [number, number][] {
  const side = Math.sqrt(hectares * 10_000);
  const lat = 37.8 + slot * 0.01;
  const dLat = side / 111_000;
  const dLng = side / (111_320 * Math.cos((lat * Math.PI) / 180));
  return rectangleRing(22.7, lat, 22.7 + dLng, lat + dLat);
}

/** A field owned by `owner`, straight through the repository (area computed from the ring). */
export async function createField(
  ctx: TestApp,
  owner: { id: number; companyId: number | null },
  options: { hectares?: number; title?: string; ring?: [number, number][] } = {},
) {
  sequence += 1;
  const analysed = analyseFieldRing(options.ring ?? hectareRing(options.hectares ?? 1, sequence % 50));
  if (!analysed.ok) throw new Error(`invalid test ring: ${analysed.message}`);
  const { ring, area, centroid } = analysed.geometry;
  return createFieldRepository(ctx.database.db).insert({
    ownerId: owner.id,
    companyId: owner.companyId,
    title: options.title ?? `Field ${sequence}`,
    polygon: ring,
    area,
    centroidLng: centroid.lng,
    centroidLat: centroid.lat,
    region: 'Peloponnese',
    country: 'Greece',
    countryCode: 'GR',
  });
}

/** An active coupon valid now (override anything). */
export async function createCoupon(ctx: TestApp, overrides: Partial<NewCoupon> = {}) {
  sequence += 1;
  const row = await createCommerceRepository(ctx.database.db).insertCoupon({
    code: `SAVE${sequence}${randomBytes(2).toString('hex').toUpperCase()}`,
    discountPercent: 10,
    ...overrides,
  });
  if (!row) throw new Error('coupon insert returned nothing');
  return row;
}

/** A valid `PUT /company/update/invoice` body (the invoice details of spec section 5). */
export const validInvoiceDetails = (overrides: Record<string, unknown> = {}) => ({
  firmTitle: 'Domaine Nemea',
  firmActivity: 'Wine making',
  vatId: 'EL123456789',
  email: 'billing@example.com',
  telephone: 2746012345,
  city: 'Nemea',
  address: '12 Vineyard Road',
  zipCode: '205 00',
  taxAuthority: 'Korinthos',
  state: 'Corinthia',
  country: 'Greece',
  ...overrides,
});

/** A plain PNG of the given size (decodable, so uploads pass the image check). */
export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png()
    .toBuffer();

/** A paid report straight in the database: E2E and processing (valid from an hour ago for a year) by default. */
export async function createReport(
  ctx: TestApp,
  owner: { id: number },
  field: { id: number; title: string; area: number },
  overrides: Partial<typeof reports.$inferInsert> = {},
) {
  const hour = 60 * 60 * 1000;
  const [row] = await ctx.database.db
    .insert(reports)
    .values({
      fieldId: field.id,
      fieldTitle: field.title,
      fieldArea: field.area,
      ownerId: owner.id,
      service: 'e2e',
      shoots: 3,
      status: 'processing',
      validFrom: new Date(Date.now() - hour),
      validTo: new Date(Date.now() + 365 * 24 * hour),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('report insert returned nothing');
  return row;
}

/** A drone operator organisation: its company, its drone_admin and `pilots` drone_operators, signed in. */
export async function createDroneOrganisation(ctx: TestApp, pilots = 1) {
  const company = await createCompany(ctx, { kind: 'drone_operator' });
  const admin = await signedInClient(ctx, {
    role: 'drone_admin',
    companyId: company.id,
    firstName: 'Dimitris',
  });
  const crew = [];
  for (let i = 0; i < pilots; i++) {
    crew.push(
      await signedInClient(ctx, { role: 'drone_operator', companyId: company.id, firstName: 'Petros' }),
    );
  }
  return { company, admin, pilots: crew };
}

/** A paid BYOI report of a field (status processing by default, valid from yesterday for a year). */
export async function createManualReport(
  ctx: TestApp,
  field: { id: number; ownerId: number; title: string; area: number },
  overrides: Partial<typeof reports.$inferInsert> = {},
) {
  const day = 24 * 60 * 60 * 1000;
  const [report] = await ctx.database.db
    .insert(reports)
    .values({
      fieldId: field.id,
      fieldTitle: field.title,
      fieldArea: field.area,
      ownerId: field.ownerId,
      service: 'manual',
      shoots: 3,
      status: 'processing',
      validFrom: new Date(Date.now() - day),
      validTo: new Date(Date.now() + 365 * day),
      ...overrides,
    })
    .returning();
  if (!report) throw new Error('report insert returned nothing');
  return report;
}

/** An order straight in the database: placed now, wire transfer, pending payment, 100 EUR (override anything). */
export async function createOrder(
  ctx: TestApp,
  user: { id: number },
  overrides: Partial<typeof orders.$inferInsert> = {},
) {
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      userId: user.id,
      transactionType: 'receipt',
      paymentMethod: 'wire_transfer',
      total: 100,
      finalPrice: 100,
      discountPercent: 0,
      ...overrides,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

/** The photo shoot of an E2E report straight in the database (unassigned and flexible by default). */
export async function createShoot(
  ctx: TestApp,
  report: { id: number },
  overrides: Partial<typeof shoots.$inferInsert> = {},
) {
  const [shoot] = await ctx.database.db
    .insert(shoots)
    .values({ reportId: report.id, ...overrides })
    .returning();
  if (!shoot) throw new Error('shoot insert returned nothing');
  return shoot;
}
