import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { RunningServer } from './server.ts';

export interface Account {
  email: string;
  password: string;
}

/** An account of `role`, created with the admin CLI against the running server's data directory. */
export function createAccount(
  server: RunningServer,
  account: Account,
  role: string,
  name?: { first: string; last: string },
) {
  const created = spawnSync(
    'npm',
    [
      'run',
      'admin:create',
      '--',
      '--email',
      account.email,
      '--password',
      `'${account.password}'`,
      '--role',
      role,
      ...(name ? ['--first-name', name.first, '--last-name', name.last] : []),
    ],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
      shell: true,
    },
  );
  // The command line echoes the e-mail too: only the command's own answer says it was created (or
  // that an earlier call of the same journey did: journeys share their administrator).
  const answer = created.stdout + created.stderr;
  if (
    !answer.includes(`Created ${role} ${account.email}`) &&
    !answer.includes(`A user with e-mail ${account.email} already exists`)
  ) {
    throw new Error(`admin:create failed: ${created.stdout}${created.stderr}`);
  }
}

/** The API as the web app calls it, signed in as one account. */
export async function apiAs(server: RunningServer, account: Account) {
  const login = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'e2e' },
    body: JSON.stringify(account),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api${url}`, {
      method,
      headers: { cookie, 'x-requested-with': 'e2e', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/**
 * A Bring Your Own Images report paid for and confirmed, so it awaits data: the customer's field
 * around `points` (with 40 m to spare), the cart, the order, and an administrator completing it.
 */
export async function processingReport(
  server: RunningServer,
  accounts: { customer: Account; admin: Account },
  points: { lng: number; lat: number }[],
  /** The field altitude the customer types (metres); 0 leaves GPS altitude no ground to measure from. */
  options: { altitude?: number } = {},
) {
  createAccount(server, accounts.customer, 'b2b_admin');
  createAccount(server, accounts.admin, 'admin');
  const asCustomer = await apiAs(server, accounts.customer);
  const d = 40 / 111_000;
  const lngs = points.map((point) => point.lng);
  const lats = points.map((point) => point.lat);
  const [west, east, south, north] = [
    Math.min(...lngs) - d,
    Math.max(...lngs) + d,
    Math.min(...lats) - d,
    Math.max(...lats) + d,
  ];
  const field = await asCustomer('POST', '/field/create', {
    title: 'Nemea Test Block',
    variety: 'Agiorgitiko',
    usedFor: 1,
    age: 12,
    altitude: options.altitude ?? 310,
    slope: 3,
    avgPlantHeight: 1.6,
    polygonPoints: [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
    mapDisplay: { lat: (south + north) / 2, lng: (west + east) / 2, zoom: 18 },
  });
  await asCustomer('POST', '/field/shoot/create', {
    fieldUuid: field.data.uuid,
    service: 'manual',
    shoots: 3,
  });
  const address = await asCustomer('POST', '/user/address', {
    city: 'Nemea',
    country: 'Greece',
    state: 'Corinthia',
    zip_postcode: '205 00',
    line_1: '12 Vineyard Road',
  });
  const order = await asCustomer('POST', '/orders/create', {
    cartItems: [{ fieldId: field.data.id, service: 'manual' }],
    billingAddress: address.address.id,
    transactionType: 0,
  });
  await (await apiAs(server, accounts.admin))('PUT', '/orders', {
    orderUuid: order.data.uuid,
    status: 'complete',
  });
  return { fieldUuid: field.data.uuid as string, asCustomer };
}
