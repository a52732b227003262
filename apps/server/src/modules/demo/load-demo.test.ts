import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { availabilityProblem, GRAPE_VARIETY_NAMES } from '@ampelos/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoCommand } from '../../cli/demo-command.ts';
import {
  companies,
  fields,
  notifications,
  orders,
  reports,
  shoots,
  users,
} from '../../platform/db/schema.ts';
import { createLocalStorage } from '../../platform/storage/storage.ts';
import { client } from '../../test/http.ts';
import { hasPoppler, pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readHistoryFile } from '../agro/history-file.ts';
import { PDF_FILE, reportKey } from '../datasets/paths.ts';
import { DemoRefusedError, type DemoResult, loadDemo } from './load-demo.ts';

let ctx: TestApp;
let demo: DemoResult;
const storage = () => createLocalStorage(path.join(ctx.config.dataDir, 'files'));

async function readAll(key: string) {
  const file = await storage().get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  ctx = await createTestApp();
  demo = await loadDemo({ app: ctx.app, database: ctx.database, storage: storage() });
}, 900_000);
afterAll(async () => {
  await ctx?.close();
});

describe('npm run demo', () => {
  it('creates the four labelled accounts, whose printed passwords sign in', async () => {
    const rows = await ctx.database.db.select().from(users);
    expect(rows.map((u) => u.role).sort()).toEqual(['admin', 'b2c_admin', 'drone_admin', 'drone_operator']);
    expect(rows.every((u) => u.lastName === 'Demo' && u.email.endsWith('@example.com'))).toBe(true);
    const [organisation] = await ctx.database.db.select().from(companies);
    expect(organisation).toMatchObject({ title: 'Demo Aerial Services', kind: 'drone_operator' });
    const crew = rows.filter((u) => u.role.startsWith('drone_'));
    expect(crew.every((u) => u.companyId === organisation?.id)).toBe(true);
    for (const account of demo.users) {
      const response = await client(ctx.app).post('/api/user/login', {
        email: account.email,
        password: account.password,
      });
      expect(response.statusCode, account.email).toBe(200);
    }
    expect(new Set(demo.users.map((u) => u.password)).size).toBe(4);
  });

  it('draws five vineyards in Greece with catalogue varieties, titled Demo', async () => {
    const rows = await ctx.database.db.select().from(fields);
    expect(rows).toHaveLength(5);
    for (const field of rows) {
      expect(field.title).toMatch(/^Demo · /);
      expect(GRAPE_VARIETY_NAMES).toContain(field.variety);
      expect(field.countryCode).toBe('GR');
      // Inside Greece's mainland and islands.
      expect(field.centroidLat).toBeGreaterThan(34.8);
      expect(field.centroidLat).toBeLessThan(41.8);
      expect(field.centroidLng).toBeGreaterThan(19.3);
      expect(field.centroidLng).toBeLessThan(28.3);
      expect(field.area).toBeGreaterThan(5_000);
    }
  });

  it('has an order in each status, reports in each status a customer meets and shoots in three states', async () => {
    const orderRows = await ctx.database.db.select().from(orders);
    expect(orderRows.map((o) => o.status).sort()).toEqual(['complete', 'pending_payment']);
    expect(orderRows.every((o) => o.finalPrice > 0)).toBe(true);
    const reportRows = await ctx.database.db.select().from(reports);
    expect(new Set(reportRows.map((r) => r.status))).toEqual(
      new Set(['pending', 'pending_payment', 'processing', 'processing_pending', 'complete']),
    );
    const shootRows = await ctx.database.db.select().from(shoots);
    expect(shootRows.map((s) => s.status).sort()).toEqual([
      'assigned_to_drone_admin',
      'complete',
      'confirmed_shoot_dates',
    ]);
  });

  it('completes the Nemea report through the imaging pipeline: boxes, tiles, PDF with labelled sample agro pages', async () => {
    const [report] = await ctx.database.db
      .select()
      .from(reports)
      .where(eq(reports.uuid, demo.completeReport.uuid));
    expect(report?.status).toBe('complete');
    expect(report?.numOfInputImgs).toBe(4);
    expect(report?.stressedPoints).toBeGreaterThan(0);
    expect(report?.layers).toContain('ai');
    const tiles: string[] = [];
    for await (const entry of storage().list(reportKey(demo.completeReport.uuid, 'tiles/ai/')))
      tiles.push(entry.key);
    expect(tiles.length).toBeGreaterThan(0);

    const history = await readHistoryFile(storage(), demo.completeReport.uuid);
    expect(history?.sample).toBe(true);
    expect(history?.weather_data.length).toBeGreaterThan(100);
    expect(history?.satellite_stats.some((entry) => entry.indices.ndvi)).toBe(true);

    const pdf = await readAll(reportKey(demo.completeReport.uuid, PDF_FILE));
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPoppler || process.env.CI === 'true') {
      const text = pdfText(pdf as Buffer);
      expect(text).toContain('Demo · Nemea Agiorgitiko');
      expect(text).toContain('Satellite indices over time');
      expect(text).toContain('Winkler index');
      expect(text).toContain('Demo data: sample values');
    }
  });

  it('obeys the rules the server enforces: shoot days, the flown shoot completed by its data, a checkout-able cart', async () => {
    const shootRows = await ctx.database.db.select().from(shoots);
    for (const shoot of shootRows) {
      expect(
        availabilityProblem(
          { start: shoot.dateStart ?? '', end: shoot.dateEnd ?? '' },
          shoot.dateStart ?? '',
        ),
      ).toBeNull();
      if (shoot.status === 'assigned_to_drone_admin') continue;
      // Confirmed dates come with their alternative range, or the server would hide them.
      expect(shoot.alternativeStart, shoot.status).not.toBeNull();
      expect(shoot.alternativeEnd, shoot.status).not.toBeNull();
    }
    const flown = shootRows.find((shoot) => shoot.status === 'complete');
    expect(flown?.finalDay).not.toBeNull();
    expect(flown?.completedAt).not.toBeNull();
    // No staff notice about photo dates: the demo photos were taken on the final day.
    const notices = await ctx.database.db.select().from(notifications);
    expect(
      notices.filter((n) => (n.details as { newStatus?: string }).newStatus === 'photo_dates_far'),
    ).toEqual([]);

    const customer = demo.users.find((u) => u.role === 'b2c_admin');
    if (!customer) throw new Error('no demo customer');
    const http = client(ctx.app);
    await http.post('/api/user/login', { email: customer.email, password: customer.password });
    const book = (await http.get('/api/user/address')).json();
    const [order] = await ctx.database.db.select().from(orders).limit(1);
    const billed = order?.billingAddress as { line_1: string; zip_postcode: string };
    expect(JSON.stringify(book)).toContain(billed.line_1);
    expect(JSON.stringify(book)).toContain(billed.zip_postcode);
    const cart = await ctx.database.db.select().from(reports).where(eq(reports.status, 'pending'));
    expect(cart.map((r) => r.service)).toEqual(['manual']);
  });

  it('refuses a database that already has users', async () => {
    await expect(loadDemo({ app: ctx.app, database: ctx.database, storage: storage() })).rejects.toThrow(
      DemoRefusedError,
    );
    expect(await ctx.database.db.select().from(fields)).toHaveLength(5);
  });
});

describe('the demo command', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ampelos-demo-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops with a clear message while the server holds the embedded database', async () => {
    await mkdir(path.join(dataDir, 'run'), { recursive: true });
    // The lock a running server holds (this live process stands in for it).
    await writeFile(
      path.join(dataDir, 'run', 'embedded-db.lock'),
      JSON.stringify({ pid: process.pid, holder: 'the Ampelos server' }),
    );
    const env = { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    await expect(runDemoCommand([], env)).rejects.toThrow(/Is Ampelos running \(npm start\)\? Stop it/);
  });
});
