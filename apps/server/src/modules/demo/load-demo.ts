import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRONE_ROLES, priceBreakdown, reportPrice } from '@ampelos/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { companies, datasets, orders, reports, users } from '../../platform/db/schema.ts';
import { localFrame } from '../../platform/imaging/geometry/local-frame.ts';
import { generateSampleData } from '../../platform/imaging/sample-data/generate.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { writeHistoryFile } from '../agro/history-file.ts';
import { hashPassword } from '../auth/passwords.ts';
import { analyseFieldRing } from '../fields/geometry.ts';
import { createFieldRepository } from '../fields/repository.ts';
import { reportLifecycle } from '../reports/lifecycle.ts';
import { shootLifecycle } from '../shoots/lifecycle.ts';
import { createUserRepository } from '../users/repository.ts';
import { apiSession } from './api-session.ts';
import {
  DEMO_ADDRESS,
  DEMO_COMPANY,
  DEMO_FIELDS,
  DEMO_REPORTS,
  DEMO_USERS,
  type DemoFieldPlan,
} from './demo-plan.ts';
import { demoShootDates } from './demo-shoots.ts';
import { sampleAgroHistory } from './sample-agro.ts';

const DAY_MS = 86_400_000;
const SHOOTS_PER_REPORT = 3;

export class DemoRefusedError extends Error {}

export interface DemoOptions {
  app: FastifyInstance;
  database: Database;
  storage: Storage;
  /** Load into a database that already has users (the demo's e-mail addresses get a tag). */
  force?: boolean;
  /** Language of the demo customer (the PDF report and e-mails follow it). */
  lang?: 'en' | 'el';
  now?: Date;
  /** Progress lines for the console. */
  log?: (line: string) => void;
  /** Longest wait for the imaging pipeline (ms). */
  pipelineTimeoutMs?: number;
}

export interface DemoResult {
  users: { email: string; password: string; role: string; what: string }[];
  fields: { uuid: string; title: string }[];
  completeReport: { uuid: string; fieldUuid: string };
}

/** A password that passes the sign-up rules (upper, lower, digit, 8+), from 72 random bits. */
const randomPassword = () => `Vine-${randomBytes(9).toString('base64url')}-${randomInt(10, 100)}`;

function ringOf(field: DemoFieldPlan): [number, number][] {
  const frame = localFrame(field.centre.lng, field.centre.lat);
  const ring = field.outline.map(([east, north]) => frame.toLngLat(east, north));
  return [...ring, ring[0] as [number, number]];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Loads the labelled demo: four users, a drone organisation, five vineyards in Greece, reports in
 * each status a customer meets, shoots in three states, a paid and an unpaid order, sample agronomy
 * history files, and one report completed by the real imaging pipeline from synthetic photos
 * uploaded by the pilot through the API. Needs the app's worker running in this process.
 */
export async function loadDemo(options: DemoOptions): Promise<DemoResult> {
  const { database, storage } = options;
  const db = database.db;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const [existing] = await db.select({ n: count() }).from(users);
  const nonEmpty = (existing?.n ?? 0) > 0;
  if (nonEmpty && !options.force) {
    throw new DemoRefusedError(
      `The database already has ${existing?.n} user(s): the demo is loaded into an empty one only. ` +
        'Use another DATA_DIR (e.g. DATA_DIR=./demo-data npm run demo), or add --force to load it beside them.',
    );
  }
  // Beside existing users, the demo's addresses get a tag so they cannot collide with a previous demo.
  const tag = nonEmpty ? `+${randomBytes(2).toString('hex')}` : '';
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);

  log('Creating the demo users and the drone operator organisation…');
  const [company] = await db
    .insert(companies)
    .values({ title: DEMO_COMPANY, kind: 'drone_operator', city: 'Nemea', country: 'Greece' })
    .returning();
  if (!company) throw new Error('company insert returned nothing');
  const userRepository = createUserRepository(db);
  const created: Record<string, { id: number; email: string; password: string }> = {};
  const result: DemoResult = { users: [], fields: [], completeReport: { uuid: '', fieldUuid: '' } };
  for (const plan of DEMO_USERS) {
    const password = randomPassword();
    const email = plan.email.replace('@', `${tag}@`);
    const user = await userRepository.insert({
      firstName: plan.firstName,
      lastName: plan.lastName,
      email,
      role: plan.role,
      companyId: DRONE_ROLES.includes(plan.role) ? company.id : null,
      lang: plan.key === 'customer' ? (options.lang ?? 'en') : 'en',
      mobile: plan.key === 'customer' ? '+30 690 000 0000' : null,
      location: plan.key === 'customer' ? 'Nemea, Greece' : null,
      emailVerifiedAt: now,
      termsAcceptedAt: now,
      privacyAcceptedAt: now,
      unsubscribeToken: randomBytes(24).toString('base64url'),
      passwordHash: await hashPassword(password),
    });
    created[plan.key] = { id: user.id, email, password };
    result.users.push({ email, password, role: plan.role, what: plan.what });
  }
  const customer = created.customer as { id: number; email: string; password: string };
  const droneAdmin = created.droneAdmin as { id: number };
  const pilot = created.pilot as { id: number; email: string; password: string };

  log('Drawing five vineyards…');
  const fieldRepository = createFieldRepository(db);
  const fieldRows = new Map<string, Awaited<ReturnType<typeof fieldRepository.insert>>>();
  for (const plan of DEMO_FIELDS) {
    const analysed = analyseFieldRing(ringOf(plan));
    if (!analysed.ok) throw new Error(`demo field ${plan.key}: ${analysed.message}`);
    const { ring, area, centroid } = analysed.geometry;
    const row = await fieldRepository.insert({
      ownerId: customer.id,
      companyId: null,
      title: plan.title,
      variety: plan.variety,
      usedFor: 1,
      age: plan.age,
      altitude: plan.altitude,
      slope: 3,
      avgPlantHeight: 1.6,
      polygon: ring,
      area,
      centroidLng: centroid.lng,
      centroidLat: centroid.lat,
      mapDisplay: { lng: centroid.lng, lat: centroid.lat, zoom: 17 },
      region: plan.region,
      country: 'Greece',
      countryCode: 'GR',
    });
    fieldRows.set(plan.key, row);
    result.fields.push({ uuid: row.uuid, title: row.title });
  }

  log('Placing orders, reports and shoots…');
  const priced = (status: 'paid' | 'unpaid') =>
    DEMO_REPORTS.filter((plan) => plan.order === status).reduce((sum, plan) => {
      const field = fieldRows.get(plan.field);
      return sum + (field ? reportPrice(plan.service, SHOOTS_PER_REPORT, field.area) : 0);
    }, 0);
  const orderIds: Record<'paid' | 'unpaid', number> = { paid: 0, unpaid: 0 };
  for (const status of ['paid', 'unpaid'] as const) {
    const totals = priceBreakdown(priced(status));
    const [order] = await db
      .insert(orders)
      .values({
        userId: customer.id,
        status: status === 'paid' ? 'complete' : 'pending_payment',
        transactionType: 'receipt',
        paymentMethod: 'wire_transfer',
        total: totals.originalPrice,
        finalPrice: totals.finalPrice,
        discountPercent: totals.discountPercent,
        billingAddress: DEMO_ADDRESS,
        createdAt: at(status === 'paid' ? -30 : -2),
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    orderIds[status] = order.id;
  }

  const reportIds = new Map<string, { id: number; uuid: string }>();
  let nemeaFinalDay: string | null = null;
  for (const [index, plan] of DEMO_REPORTS.entries()) {
    const field = fieldRows.get(plan.field);
    if (!field) throw new Error(`demo report of unknown field ${plan.field}`);
    const paid = plan.order === 'paid';
    const report = await reportLifecycle(db).seed({
      fieldId: field.id,
      fieldTitle: field.title,
      fieldArea: field.area,
      ownerId: customer.id,
      service: plan.service,
      shoots: SHOOTS_PER_REPORT,
      // The complete one gets there through the pipeline below.
      status: plan.status === 'complete' ? 'processing_pending' : plan.status,
      orderId: plan.order ? orderIds[plan.order === 'paid' ? 'paid' : 'unpaid'] : null,
      validFrom: paid ? at(-30) : null,
      validTo: paid ? at(335) : null,
    });
    reportIds.set(`${plan.field}:${index}`, report);
    if (plan.shoot) {
      const dates = demoShootDates(plan.shoot, now, { from: at(-30), to: at(335) });
      if (plan.shoot === 'complete') nemeaFinalDay = dates.finalDay ?? null;
      await shootLifecycle(db).seed({
        reportId: report.id,
        scheduleType: 'flexible',
        ...dates,
        // The flown shoot completes when the pilot's photos arrive (below), as a real one does.
        status: plan.shoot === 'complete' ? 'confirmed_shoot_dates' : plan.shoot,
        droneAdminId: droneAdmin.id,
        droneOperatorId: plan.shoot === 'assigned_to_drone_admin' ? null : pilot.id,
        createdById: customer.id,
      });
    }
    if (paid) {
      // Sample agronomy history (labelled as such) for every paid report's field.
      const history = sampleAgroHistory({
        seed: 100 + index,
        now,
        warmth: DEMO_FIELDS.find((f) => f.key === plan.field)?.warmth ?? 0,
      });
      await writeHistoryFile(storage, report.uuid, history);
    }
  }

  const nemeaField = fieldRows.get('nemea');
  const nemeaReport = reportIds.get('nemea:0');
  if (!nemeaField || !nemeaReport) throw new Error('demo plan lost its Nemea report');
  // The customer's address book holds the address the orders were billed to (through the API).
  const customerSession = await apiSession(options.app, customer.email, customer.password);
  await customerSession.send('POST', '/api/user/address', { ...DEMO_ADDRESS, isBilling: true }, 201);
  await runPipeline({
    ...options,
    log,
    pilot,
    report: nemeaReport,
    field: nemeaField,
    capturedOn: nemeaFinalDay ?? isoDay(now),
  });
  result.completeReport = { uuid: nemeaReport.uuid, fieldUuid: nemeaField.uuid };
  return result;
}

/**
 * Synthetic geotagged photos over the Nemea field, uploaded by the pilot through the API (tus) and
 * submitted; then waits while the worker ingests, analyses, tiles and writes the PDF.
 */
async function runPipeline(
  options: DemoOptions & {
    log: (line: string) => void;
    pilot: { email: string; password: string };
    report: { id: number; uuid: string };
    field: { centroidLng: number; centroidLat: number };
    /** The shoot's final day: the day the photos say they were taken. */
    capturedOn: string;
  },
) {
  const { app, database, log } = options;
  const dir = await mkdtemp(path.join(tmpdir(), 'ampelos-demo-photos-'));
  try {
    log('Generating synthetic drone photos over the Nemea vineyard…');
    const truth = await generateSampleData({
      outDir: dir,
      seed: 7,
      lines: 2,
      photosPerLine: 2,
      photoWidth: 1200,
      photoHeight: 800,
      orthoHalfSizeM: 0,
      origin: { lng: options.field.centroidLng, lat: options.field.centroidLat },
      capturedOn: options.capturedOn,
    });
    log(`Uploading ${truth.photos.length} photos as the pilot and running the imaging pipeline…`);
    const session = await apiSession(app, options.pilot.email, options.pilot.password);
    for (const photo of truth.photos) {
      await session.upload(options.report.uuid, photo.file, await readFile(path.join(dir, photo.file)));
    }
    await session.submit(options.report.uuid);
    const deadline = Date.now() + (options.pipelineTimeoutMs ?? 15 * 60_000);
    for (;;) {
      const [row] = await database.db
        .select({ status: reports.status })
        .from(reports)
        .where(eq(reports.id, options.report.id));
      if (row?.status === 'complete') break;
      const [dataset] = await database.db
        .select({ status: datasets.status, message: datasets.message })
        .from(datasets)
        .where(eq(datasets.reportId, options.report.id));
      if (dataset?.status === 'failed' || dataset?.status === 'rejected') {
        throw new Error(`the demo photos were not processed: ${dataset.message}`);
      }
      if (Date.now() > deadline) throw new Error('the imaging pipeline did not finish in time');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    log('The Nemea report is complete: map layers, stressed plants and the PDF report.');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
