import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  generateSampleData,
  type SampleTruth,
} from '../../apps/server/src/platform/imaging/sample-data/generate.ts';
import { buildZip } from '../../apps/server/src/test/zip-writer.ts';
import { type Account, apiAs, createAccount, processingReport } from '../support/reports.ts';
import type { RunningServer } from '../support/server.ts';

// The accounts and data that make every screen show real content: a customer with a completed
// report (for the results viewer), items in the cart, an order, a coupon and an address.

export interface Seeded {
  customer: Account;
  admin: Account;
  /** The field with the completed report. */
  fieldUuid: string;
  /** A second field, whose E2E package sits in the cart. */
  cartFieldUuid: string;
  orderUuid: string;
  /** A paid E2E report whose customer gave availability: a shoot that needs assignment. */
  shootUuid: string;
  /** The field of that report (its panel shows the availability and the shoot). */
  shootFieldUuid: string;
  /** A drone pilot (drone_operator) and the shoot of another paid E2E report assigned to them. */
  pilot: Account;
  pilotShootUuid: string;
  /**
   * A drone operator organisation's owner (drone_admin, in its company with one pilot) and the shoot
   * of a paid E2E report assigned to the organisation: no pilot and no dates yet, so both are offered.
   */
  droneAdmin: Account;
  droneShootUuid: string;
}

export async function signIn(page: Page, server: RunningServer, account: Account) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * A browser context of `role` (`anonymous`, or the seeded customer, admin or pilot signed in) in `lang`:
 * anonymous pages remember the language on the device, signed-in users carry it on the account.
 */
export async function signedInContext(
  browser: Browser,
  server: RunningServer,
  seeded: Seeded,
  role: 'anonymous' | 'customer' | 'admin' | 'pilot' | 'droneAdmin',
  lang: 'en' | 'el',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  // A shared, busy machine can take far longer than Playwright's 30 s to load a page.
  context.setDefaultTimeout(120_000);
  await context.addInitScript((chosen) => localStorage.setItem('ampelos.lang', chosen), lang);
  if (role === 'anonymous') return context;
  const page = await context.newPage();
  await signIn(page, server, seeded[role]);
  const answer = await page.request.post('/api/user/settings/changeLanguage', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { lang },
  });
  if (!answer.ok()) throw new Error(`changeLanguage: ${answer.status()}`);
  await page.close();
  return context;
}

/** A rectangle of about `hectares` near Nemea, `slot` keeping fields apart. */
function hectareRing(hectares: number, slot: number): [number, number][] {
  const side = Math.sqrt(hectares * 10_000);
  const lat = 37.8 + slot * 0.01;
  const dLat = side / 111_000;
  const dLng = side / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [
    [22.7, lat],
    [22.7 + dLng, lat],
    [22.7 + dLng, lat + dLat],
    [22.7, lat + dLat],
    [22.7, lat],
  ];
}

/** Uploads a synthetic flight to the field's report and waits until it is processed. */
async function completeReport(
  browser: Browser,
  server: RunningServer,
  customer: Account,
  fieldUuid: string,
  sample: { dir: string; truth: SampleTruth },
) {
  const { dir: sampleDir, truth } = sample;
  const zipFile = path.join(sampleDir, 'flight.zip');
  const files = await Promise.all(
    truth.photos.map(async (photo) => ({
      name: `DCIM/${photo.file}`,
      data: await readFile(path.join(sampleDir, photo.file)),
    })),
  );
  await writeFile(zipFile, await buildZip(files));
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, server, customer);
  await page.goto(`${server.baseUrl}/fields?field=${fieldUuid}`);
  await page.getByTestId('report-picker-open').click();
  await page.getByRole('dialog').getByRole('button').filter({ hasText: '#' }).first().click();
  await page.getByTestId('upload-open').click();
  await page.getByTestId('upload-panel').locator('input[type="file"]').setInputFiles(zipFile);
  await page.getByTestId('dataset-uploads').getByText('Uploaded').waitFor({ timeout: 60_000 });
  await page.getByTestId('upload-submit').click();
  await page.getByTestId('dataset-complete').waitFor({ timeout: 300_000 });
  await context.close();
}

type Api = Awaited<ReturnType<typeof apiAs>>;

/** Today and the next days as calendar days in Greek time (the scheduling rules' clock). */
function athensDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

/**
 * A third field whose E2E package is paid (through the same API as the checkout) and whose customer
 * gave availability, so the shoots screen, its detail and its calendar have a shoot to show.
 */
async function shootNeedingAssignment(
  asCustomer: Api,
  asAdmin: Api,
  { title, slot }: { title: string; slot: number } = { title: 'Ancient Nemea Slopes', slot: 4 },
): Promise<{ shootUuid: string; shootFieldUuid: string }> {
  const field = await asCustomer('POST', '/field/create', {
    title,
    variety: 'Agiorgitiko',
    usedFor: 1,
    age: 15,
    altitude: 330,
    slope: 5,
    avgPlantHeight: 1.4,
    polygonPoints: hectareRing(8, slot),
    mapDisplay: { lat: 37.8 + slot * 0.01, lng: 22.701, zoom: 15 },
  });
  await asCustomer('POST', '/field/shoot/create', { fieldUuid: field.data.uuid, service: 'e2e', shoots: 3 });
  const addresses = await asCustomer('GET', '/user/address');
  const order = await asCustomer('POST', '/orders/create', {
    cartItems: [{ fieldId: field.data.id, service: 'e2e' }],
    billingAddress: addresses.Addresses[0].id,
    transactionType: 0,
  });
  await asAdmin('PUT', '/orders', { orderUuid: order.data.uuid, status: 'complete' });
  const fields = await asCustomer('GET', '/fields');
  const report = fields.data.find((one: { uuid: string }) => one.uuid === field.data.uuid).Reports[0];
  const given = await asCustomer('PUT', '/field/shoot/update', {
    reportUuid: report.uuid,
    dateRange: { start: athensDay(1), end: athensDay(8) },
  });
  return { shootUuid: given.data.uuid as string, shootFieldUuid: field.data.uuid as string };
}

export async function seed(
  server: RunningServer,
  browser: Browser,
  options: { withResults: boolean },
): Promise<Seeded> {
  const stamp = Date.now();
  const customer = { email: `a11y-estate-${stamp}@example.com`, password: 'Assyrtiko-Santorini-5' };
  const admin = { email: `a11y-ops-${stamp}@example.com`, password: 'Vidiano-Crete-8' };
  const sampleDir = await mkdtemp(path.join(tmpdir(), 'ampelos-a11y-sample-'));
  const sample = await generateSampleData({
    outDir: sampleDir,
    seed: 3,
    lines: 2,
    photosPerLine: 2,
    orthoHalfSizeM: 0,
  });
  // A paid, completed BYOI order for a field around the sample's plants.
  const { fieldUuid, asCustomer } = await processingReport(server, { customer, admin }, sample.plants);
  if (options.withResults) {
    await completeReport(browser, server, customer, fieldUuid, { dir: sampleDir, truth: sample });
  }
  await rm(sampleDir, { recursive: true, force: true });

  // A second field with an E2E package in the cart (the checkout steps), and a coupon.
  const cartField = await asCustomer('POST', '/field/create', {
    title: 'Koutsi Upper Terraces',
    variety: 'Agiorgitiko',
    usedFor: 1,
    age: 20,
    altitude: 420,
    slope: 6,
    avgPlantHeight: 1.5,
    polygonPoints: hectareRing(20, 2),
    mapDisplay: { lat: 37.82, lng: 22.701, zoom: 15 },
  });
  await asCustomer('POST', '/field/shoot/create', {
    fieldUuid: cartField.data.uuid,
    service: 'e2e',
    shoots: 5,
  });
  const asAdmin = await apiAs(server, admin);
  await asAdmin('POST', '/coupons', { code: 'HARVEST10', discountPercent: 10 });
  // A company for the companies screen and its detail.
  await asAdmin('POST', '/companies', {
    firmTitle: 'Ktima Nemea Estates',
    firmActivity: 'Winery',
    vatId: 'EL998877665',
    email: `office-${stamp}@example.com`,
    telephone: '2746022000',
    city: 'Nemea',
    address: '3 Archaia Nemea Road',
    zipCode: '20500',
    taxAuthority: 'Korinthos',
    state: 'Corinthia',
    country: 'Greece',
  });
  const orders = await asCustomer('GET', '/orders');
  const { shootUuid, shootFieldUuid } = await shootNeedingAssignment(asCustomer, asAdmin);
  // A pilot (also on the users and companies screens) with a shoot of their own: the crew's view.
  const pilot = { email: `a11y-pilot-${stamp}@example.com`, password: 'Pilot-Skies-44' };
  createAccount(server, pilot, 'drone_operator', { first: 'Yannis', last: 'Petrou' });
  const pilotShoot = await shootNeedingAssignment(asCustomer, asAdmin, {
    title: 'Koutsi Lower Rows',
    slot: 6,
  });
  const users = await asAdmin('GET', '/users');
  const pilotId = users.data.find((user: { email: string }) => user.email === pilot.email).id;
  await asAdmin('PUT', `/shoot/${pilotShoot.shootUuid}`, { droneOperatorId: pilotId });
  const { droneAdmin, droneShootUuid } = await droneOrganisation(server, { asCustomer, asAdmin }, stamp);
  return {
    customer,
    admin,
    fieldUuid,
    cartFieldUuid: cartField.data.uuid,
    orderUuid: orders.data[0].uuid as string,
    shootUuid,
    shootFieldUuid,
    pilot,
    pilotShootUuid: pilotShoot.shootUuid,
    droneAdmin,
    droneShootUuid,
  };
}

/**
 * A drone operator organisation: its owner (drone_admin) moved into a drone operator company, a pilot
 * invited into it (listed for assignment; it never signs in here), and a shoot the administrator
 * assigned to the organisation.
 */
async function droneOrganisation(
  server: RunningServer,
  { asCustomer, asAdmin }: { asCustomer: Api; asAdmin: Api },
  stamp: number,
): Promise<{ droneAdmin: Account; droneShootUuid: string }> {
  const droneAdmin = { email: `a11y-skyfleet-${stamp}@example.com`, password: 'Sky-Fleet-Owner-8' };
  createAccount(server, droneAdmin, 'drone_admin', { first: 'Nikos', last: 'Skyfleet' });
  const company = await asAdmin('POST', '/companies', {
    kind: 'drone_operator',
    firmTitle: 'Skyfleet Aerial',
    firmActivity: 'Aerial surveys',
    vatId: 'EL887766554',
    email: `skyfleet-${stamp}@example.com`,
    telephone: '2710222000',
    city: 'Tripoli',
    address: '10 Ethnikis Antistaseos',
    zipCode: '22100',
    taxAuthority: 'Tripoli',
    state: 'Arcadia',
    country: 'Greece',
  });
  const companyId = company.data.id as number;
  const users = await asAdmin('GET', '/users');
  const owner = users.data.find((user: { email: string }) => user.email === droneAdmin.email);
  await asAdmin('PUT', '/user/update', {
    uuid: owner.uuid,
    firstName: owner.firstName,
    lastName: owner.lastName,
    companyId,
  });
  await asAdmin('POST', '/users', {
    firstName: 'Eleni',
    lastName: 'Pilota',
    email: `a11y-skyfleet-pilot-${stamp}@example.com`,
    role: 'drone_operator',
    companyId,
    lang: 'en',
  });
  const shoot = await shootNeedingAssignment(asCustomer, asAdmin, { title: 'Mantinia Plateau', slot: 8 });
  await asAdmin('PUT', `/shoot/${shoot.shootUuid}`, { droneAdminId: owner.id });
  return { droneAdmin, droneShootUuid: shoot.shootUuid };
}
