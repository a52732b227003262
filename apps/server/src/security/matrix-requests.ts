import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Role } from '@ampelos/domain';
import type { RegisteredRoute } from '../app.ts';
import { PDF_FILE } from '../modules/datasets/paths.ts';
import { completedReport } from '../modules/results/test-support.ts';
import { userTokens } from '../platform/db/schema.ts';
import { hashToken } from '../platform/http/crypto.ts';
import { createLocalStorage } from '../platform/storage/storage.ts';
import {
  createUser,
  DEFAULT_PASSWORD,
  multipartFile,
  pngOf,
  validField,
  validInvoiceDetails,
} from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';
import { derivedRequest } from './derived-requests.ts';
import type { MatrixRequest, RequestSpec } from './matrix-world.ts';

type Build = RequestSpec['build'];
const get =
  (url: string): Build =>
  async () => ({ method: 'GET', url });
const spec = (build: Build, extra: Omit<RequestSpec, 'build'> = {}): RequestSpec => ({ build, ...extra });
const TUS = { 'tus-resumable': '1.0.0' };
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const uniqueEmail = () => `matrix-${randomBytes(5).toString('hex')}@example.com`;

/** A one-time token of the given purpose for a fresh unverified user, stored as the server stores them. */
async function oneTimeToken(ctx: TestApp, kind: 'verify_email' | 'password_reset') {
  const { user } = await createUser(ctx, { emailVerifiedAt: null });
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db.insert(userTokens).values({
    userId: user.id,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/**
 * How a route is called in the matrix: its request below when it has one, else the request derived
 * from its declared policy and input schemas (`derived-requests.ts`). Only routes whose valid input
 * cannot be derived (a file, a token, a pattern, a record in a particular state, an answer besides 2xx
 * that still means "allowed") are written here.
 */
export function requestOf(route: RegisteredRoute): RequestSpec | undefined {
  const key = `${route.method} ${route.url}`;
  return MATRIX_REQUESTS[key] ?? derivedRequest(route.method, route.url, route.policy, route.schemas);
}

/** How each route of the matrix is called for one cell: valid input, so only authorization decides. */
export const MATRIX_REQUESTS: Record<string, RequestSpec> = {
  'GET /api/files/*': spec(async ({ ctx }) => {
    const key = `avatars/matrix-${randomBytes(4).toString('hex')}.png`;
    await createLocalStorage(path.join(ctx.config.dataDir, 'files')).put(key, await pngOf(4, 4), 'image/png');
    return { method: 'GET', url: `/api/files/${key}` };
  }),
  'GET /api/docs': spec(get('/api/docs'), { allowedStatus: [302] }),
  'HEAD /api/docs/': spec(async () => ({ method: 'HEAD', url: '/api/docs/' }), { allowedStatus: [302] }),
  'GET /api/docs/static/*': spec(get('/api/docs/static/swagger-ui.css')),
  'GET /api/docs/static/index.html': spec(get('/api/docs/static/index.html'), { allowedStatus: [302] }),

  'POST /api/user/create': spec(async () => ({
    method: 'POST',
    url: '/api/user/create',
    payload: {
      firstName: 'Eleni',
      lastName: 'Papadaki',
      email: uniqueEmail(),
      password: 'Vineyard-rows-77',
      role: 'b2c_admin',
      acceptPrivacyPolicy: true,
      acceptTermsOfService: true,
    },
  })),
  'POST /api/user/login': spec(
    async ({ user }) => ({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user?.email ?? 'nobody@example.com', password: DEFAULT_PASSWORD },
    }),
    // Anonymous has no account: it signs in with wrong credentials (the route itself is open).
    { fresh: true, allowedStatus: [400, 401] },
  ),
  'GET /api/user/logout': spec(get('/api/user/logout'), { fresh: true }),
  'POST /api/user/verify_email': spec(async ({ ctx }) => ({
    method: 'POST',
    url: '/api/user/verify_email',
    payload: { token: await oneTimeToken(ctx, 'verify_email') },
  })),
  'POST /api/user/password_reset': spec(async () => ({
    method: 'POST',
    url: '/api/user/password_reset',
    payload: { email: uniqueEmail() },
  })),
  'POST /api/user/password_reset/:token': spec(async ({ ctx }) => ({
    method: 'POST',
    url: `/api/user/password_reset/${await oneTimeToken(ctx, 'password_reset')}`,
    payload: { password: 'Fresh-harvest-2025', confirmPassword: 'Fresh-harvest-2025' },
  })),
  'GET /api/user/unsubscribe/:token': spec(async ({ ctx }) => {
    const { user } = await createUser(ctx);
    return { method: 'GET', url: `/api/user/unsubscribe/${user.unsubscribeToken}` };
  }),
  'POST /api/user/unsubscribe/:token': spec(async ({ ctx }) => {
    const { user } = await createUser(ctx);
    return { method: 'POST', url: `/api/user/unsubscribe/${user.unsubscribeToken}` };
  }),

  'PUT /api/user/update': spec(async ({ role, relation, world }) => {
    const target = relation === 'own' || !role ? null : world.user(role, relation);
    return {
      method: 'PUT',
      url: '/api/user/update',
      payload: { firstName: 'Nikos', lastName: 'Vlachos', ...(target ? { uuid: target.uuid } : {}) },
    };
  }),
  'PUT /api/user/update/password': spec(
    async () => ({
      method: 'PUT',
      url: '/api/user/update/password',
      payload: { oldPassword: DEFAULT_PASSWORD, newPassword: 'Harvest-moon-2025' },
    }),
    { fresh: true },
  ),
  'PUT /api/user/delete/account': spec(
    async ({ user }) => ({
      method: 'PUT',
      url: '/api/user/delete/account',
      payload: { email: user?.email ?? 'nobody@example.com' },
    }),
    { fresh: true },
  ),
  'POST /api/user/avatar/upload': spec(async () => avatarUpload('/api/user/avatar/upload')),

  'POST /api/user/address': spec(async () => ({
    method: 'POST',
    url: '/api/user/address',
    payload: ADDRESS,
  })),
  'POST /api/user/update/address': spec(async ({ role, relation, world }) => {
    const address = await world.address(role, relation);
    return {
      method: 'POST',
      url: '/api/user/update/address',
      payload: { ...ADDRESS, city: 'Argos', prevAddressId: address.id },
    };
  }),
  'GET /api/user/export/:id/download': spec(async ({ role, relation, world }) => {
    const exported = await world.dataExport(role, relation);
    return { method: 'GET', url: `/api/user/export/${exported.id}/download` };
  }),
  'PUT /api/user/delete/address': spec(async ({ role, relation, world }) => {
    const address = await world.address(role, relation);
    return { method: 'PUT', url: '/api/user/delete/address', payload: { prevAddressId: address.id } };
  }),

  'POST /api/users': spec(async ({ role }) => ({
    method: 'POST',
    url: '/api/users',
    payload: {
      firstName: 'Giorgos',
      lastName: 'Nikolaou',
      email: uniqueEmail(),
      role: grantedBy(role),
    },
  })),

  'POST /api/field/avatar/upload': spec(async () => avatarUpload('/api/field/avatar/upload')),
  'POST /api/field/create': spec(async () => ({
    method: 'POST',
    url: '/api/field/create',
    payload: validField(),
  })),

  // The smallest package (1 shoot) is not one the shop offers: the request names one.
  'POST /api/field/shoot/create': spec(async ({ role, relation, world }) => ({
    method: 'POST',
    url: '/api/field/shoot/create',
    payload: { fieldUuid: (await world.field(role, relation)).uuid, service: 'e2e', shoots: 3 },
  })),
  'POST /api/field/shoot/createMultipleReports': spec(async ({ role, relation, world }) => ({
    method: 'POST',
    url: '/api/field/shoot/createMultipleReports',
    payload: {
      selectedFields: { [(await world.field(role, relation)).uuid]: { service: 'manual', shoots: 3 } },
    },
  })),
  'PUT /api/field/reports/delete': spec(async ({ role, relation, world }) => {
    const { field } = await world.report(role, relation, 'pending');
    return {
      method: 'PUT',
      url: '/api/field/reports/delete',
      payload: { fieldId: field.id, service: 'e2e' },
    };
  }),
  'GET /api/coupon/code/:code': spec(async ({ role, world }) => {
    // A coupon is checked against the caller's cart: give the buyer one.
    if (role) await world.report(role, 'own', 'pending');
    return { method: 'GET', url: `/api/coupon/code/${(await world.coupon()).code}` };
  }),
  'POST /api/coupons': spec(async () => ({
    method: 'POST',
    url: '/api/coupons',
    payload: { code: `M${randomBytes(4).toString('hex').toUpperCase()}`, discountPercent: 5 },
  })),
  'PUT /api/coupons/:code/deactivate': spec(async ({ world }) => ({
    method: 'PUT',
    url: `/api/coupons/${(await world.coupon()).code}/deactivate`,
  })),
  'POST /api/orders/create': spec(async ({ role, relation, world }) => {
    // Bring-your-own-images: no minimum area.
    const { field } = await world.report(role, relation, 'pending', 'manual');
    // Invoices are for business accounts; a personal account gets a receipt to its own address.
    const billing =
      role === 'b2b_admin' || role === 'b2b_user'
        ? { transactionType: 'invoice', paymentDetails: validInvoiceDetails() }
        : {
            transactionType: 'receipt',
            ...(role ? { billingAddress: (await world.address(role, 'own')).id } : {}),
          };
    return {
      method: 'POST',
      url: '/api/orders/create',
      payload: {
        cartItems: [{ fieldId: field.id, service: 'manual' }],
        paymentMethod: 'wire_transfer',
        ...billing,
      },
    };
  }),
  'PUT /api/orders': spec(async ({ world }) => ({
    method: 'PUT',
    url: '/api/orders',
    payload: { orderUuid: (await world.order(null, 'otherCustomer')).uuid, status: 'complete' },
  })),

  'POST /api/companies': spec(async () => ({
    method: 'POST',
    url: '/api/companies',
    payload: { ...validInvoiceDetails({ firmTitle: `Estate ${randomBytes(3).toString('hex')}` }) },
  })),
  'POST /api/companies/:uuid/avatar': spec(async ({ world }) =>
    avatarUpload(`/api/companies/${world.company(null, 'otherCompany').uuid}/avatar`),
  ),
  'PUT /api/companies/:uuid/avatar': spec(async ({ world }) => ({
    method: 'PUT',
    url: `/api/companies/${world.company(null, 'otherCompany').uuid}/avatar`,
    payload: { avatar: null },
  })),
  'PUT /api/company/update/invoice': spec(async () => ({
    method: 'PUT',
    url: '/api/company/update/invoice',
    payload: validInvoiceDetails(),
  })),
  'POST /api/company/avatar/upload': spec(async () => avatarUpload('/api/company/avatar/upload')),

  'PUT /api/notifications/read': spec(async ({ role, world }) => {
    const own = role ? await world.notification(role, 'own') : null;
    return { method: 'PUT', url: '/api/notifications/read', payload: { uuids: own ? [own.uuid] : [] } };
  }),

  'PUT /api/field/shoot/update': spec(async ({ role, relation, world }) => {
    const { report } = await world.shoot(role, relation, { reportStatus: 'processing' });
    return {
      method: 'PUT',
      url: '/api/field/shoot/update',
      payload: { reportUuid: report.uuid, dateRange: { start: day(10), end: day(15) } },
    };
  }),
  'PUT /api/shoot/updateDates': spec(async ({ role, relation, world }) => {
    const { shoot } = await world.shoot(role, relation, { availability: true, crew: true });
    return {
      method: 'PUT',
      url: '/api/shoot/updateDates',
      payload: {
        shootUuid: shoot.uuid,
        shootDays: {
          confirmed: { start: day(10), end: day(11) },
          alternative: { start: day(13), end: day(14) },
        },
      },
    };
  }),
  'POST /api/shoot/setFixedDates': spec(async ({ world }) => {
    const { shoot } = await world.shoot(null, 'otherCustomer');
    return {
      method: 'POST',
      url: '/api/shoot/setFixedDates',
      payload: { shootUuid: shoot.uuid, fixedPrimaryDate: day(20), fixedAlternativeDate: day(22) },
    };
  }),
  'PUT /api/shoot/:uuid': spec(async ({ role, relation, world }) => {
    const { shoot } = await world.shoot(role, relation);
    // The drone_admin assigns its own pilot; staff assign the organisation.
    const body =
      role === 'drone_admin' || role === 'drone_operator'
        ? { droneOperatorId: world.actor('drone_operator').user.uuid }
        : { droneAdminId: world.actor('drone_admin').user.uuid };
    return { method: 'PUT', url: `/api/shoot/${shoot.uuid}`, payload: body };
  }),
  'PUT /api/shoot/:uuid/status': spec(async ({ role, relation, world }) => {
    const { shoot } = await world.shoot(role, relation, { finalDay: true });
    return { method: 'PUT', url: `/api/shoot/${shoot.uuid}/status`, payload: { status: 'complete' } };
  }),

  'POST /api/reports/update/status': spec(async ({ world }) => {
    // A bring-your-own-images report goes from processing to processing_data by hand.
    const { report } = await world.report(null, 'otherCustomer', 'processing', 'manual');
    return {
      method: 'POST',
      url: '/api/reports/update/status',
      payload: { reportUuid: report.uuid, newStatus: 'processing_data' },
    };
  }),
  'POST /api/reports/download/kml': spec(async ({ role, relation, world }) => {
    const field =
      relation === 'assigned' || relation === 'unassigned'
        ? (await world.shoot(role, relation)).field
        : await world.field(role, relation);
    return { method: 'POST', url: '/api/reports/download/kml', payload: { fieldId: field.uuid } };
  }),
  'POST /api/reports/update/bbox': spec(async ({ ctx, role, relation, world }) => {
    const { report } = await completedReport(ctx, world.ownerFor(role, relation));
    return {
      method: 'POST',
      url: '/api/reports/update/bbox',
      payload: {
        reportUuid: report.uuid,
        file: 'DJI_0001.JPG',
        bboxId: 'DJI_0001-1',
        factor: null,
        comment: 'x',
      },
    };
  }),
  // Authorized staff get the zip, or 404 when no plant is annotated yet (a rule after the permission).
  'GET /api/annotations/export': spec(get('/api/annotations/export'), { allowedStatus: [404] }),
  'GET /api/reports/:uuid/results': spec(async ({ ctx, role, relation, world }) => {
    const { report } = await completedReport(ctx, world.ownerFor(role, relation));
    return { method: 'GET', url: `/api/reports/${report.uuid}/results` };
  }),
  'GET /api/reports/:uuid/files/*': spec(async ({ ctx, role, relation, world }) => {
    const { report } = await completedReport(ctx, world.ownerFor(role, relation));
    return { method: 'GET', url: `/api/reports/${report.uuid}/files/${PDF_FILE}` };
  }),
  'GET /api/reports/:uuid/data': spec(async ({ role, relation, world }) => {
    const { report } = await world.shoot(role, relation);
    return { method: 'GET', url: `/api/reports/${report.uuid}/data` };
  }),
  'POST /api/reports/:uuid/data/submit': spec(
    async ({ role, relation, world }) => {
      const { report } = await world.shoot(role, relation);
      return { method: 'POST', url: `/api/reports/${report.uuid}/data/submit` };
    },
    // Nothing uploaded yet: an allowed caller is told so.
    { allowedStatus: [400] },
  ),

  'POST /api/reports/:uuid/data/confirm': spec(
    async ({ role, relation, world }) => {
      const { report } = await world.shoot(role, relation);
      return { method: 'POST', url: `/api/reports/${report.uuid}/data/confirm`, payload: { heightM: 70 } };
    },
    // Nothing is in review: an allowed caller is told so.
    { allowedStatus: [409] },
  ),

  'POST /api/uploads': spec(async ({ role, relation, world }) => {
    const { report } = await world.shoot(role, relation);
    return {
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...TUS,
        'upload-length': '4',
        'upload-metadata': tusMetadata({ reportUuid: report.uuid, filename: 'IMG_0001.JPG' }),
      },
    };
  }),
  'HEAD /api/uploads/:id': spec(async (cell) => ({
    method: 'HEAD',
    url: await uploadOf(cell),
    headers: TUS,
  })),
  'PATCH /api/uploads/:id': spec(async (cell) => ({
    method: 'PATCH',
    url: await uploadOf(cell),
    headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from('ab'),
  })),
  'DELETE /api/uploads/:id': spec(async (cell) => ({
    method: 'DELETE',
    url: await uploadOf(cell),
    headers: TUS,
  })),

  'GET /api/analytics/fields-map/polygons': spec(get('/api/analytics/fields-map/polygons?bbox=22,37,23,38')),
  // The security suites configure a no-op deploy command (SECURITY_TEST_ENV); one still running answers 409.
  'GET /api/deploy/production': spec(get('/api/deploy/production'), { allowedStatus: [409] }),
  // A plain GET on the socket route: signed-in callers pass the checks and are asked to upgrade.
  'GET /api/realtime': spec(
    async () => ({ method: 'GET', url: '/api/realtime', headers: { origin: 'http://localhost:3000' } }),
    { allowedStatus: [400, 404, 426] },
  ),

  // No network in tests: a visible field has no image (204, the viewer's empty state); an invisible
  // field is 404.
  'GET /api/agro/index-image': spec(
    async ({ role, relation, world }) => ({
      method: 'GET',
      url: `/api/agro/index-image?fieldUuid=${(await world.field(role, relation)).uuid}&date=2025-06-01&index=ndvi`,
    }),
    { allowedStatus: [204] },
  ),
  'GET /api/agro/index-change': spec(
    async ({ role, relation, world }) => ({
      method: 'GET',
      url: `/api/agro/index-change?fieldUuid=${(await world.field(role, relation)).uuid}&from=2025-05-01&to=2025-06-01&index=ndvi`,
    }),
    { allowedStatus: [204] },
  ),
  // Without a satellite provider key an administrator is told so (409).
  'POST /api/agro/createPolygons': spec(async () => ({ method: 'POST', url: '/api/agro/createPolygons' }), {
    allowedStatus: [409],
  }),
  'GET /api/agro/runs/:id': spec(async ({ world }) => ({
    method: 'GET',
    url: `/api/agro/runs/${await world.agroRun()}`,
  })),
};

const ADDRESS = {
  city: 'Nemea',
  country: 'Greece',
  state: 'Corinthia',
  zip_postcode: '205 00',
  line_1: '12 Vineyard Road',
};

/** The role the caller may give (b2b_user for business accounts, pilots for drone organisations). */
function grantedBy(role: Role | null): Role {
  if (role === 'drone_admin') return 'drone_operator';
  return 'b2b_user';
}

async function avatarUpload(url: string): Promise<MatrixRequest> {
  const { payload, headers } = multipartFile('avatar', 'a.png', await pngOf(8, 8), 'image/png');
  return { method: 'POST', url, payload, headers };
}

/** An upload begun by the administrator on a shoot in the cell's relation. */
async function uploadOf({ role, relation, world }: Parameters<Build>[0]): Promise<string> {
  const { report } = await world.shoot(role, relation);
  const created = await world.actor('admin').http.post('/api/uploads', undefined, {
    headers: {
      ...TUS,
      'upload-length': '4',
      'upload-metadata': tusMetadata({ reportUuid: report.uuid, filename: 'IMG_0001.JPG' }),
    },
  });
  if (created.statusCode !== 201) throw new Error(`upload create: ${created.statusCode} ${created.body}`);
  return String(created.headers.location);
}
