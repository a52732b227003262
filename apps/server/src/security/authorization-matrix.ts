import { AGRO_JOB_KINDS, ROLES, type Role } from '@ampelos/domain';

/**
 * The authorization matrix: every API route × every role (and anonymous) × the relation of the record
 * acted on → the expected answer. `authorization-matrix.test.ts` walks the whole table against a running
 * app; a route the app registers without a row here fails it. docs/ROLES.md explains the table.
 *
 * - `allowed`: the request passes authorization and succeeds (2xx, or the answer its row names);
 * - 401: not signed in; 403: signed in but the role may not do this; 404: the record exists but the
 *   caller may not see it (answered as if it did not exist, so ids are not probed);
 * - 400: the record named inside a body is not one the caller may use (someone else's cart item),
 *   refused as invalid input exactly like an id that does not exist.
 */
export type Outcome = 'allowed' | 400 | 401 | 403 | 404;

/**
 * How the record acted on relates to the caller: their own, a colleague's in the same company, another
 * company's, another (b2c) customer's; for drone staff a shoot assigned to them (or their organisation)
 * or to another organisation.
 */
export const RELATIONS = [
  'own',
  'company',
  'otherCompany',
  'otherCustomer',
  'assigned',
  'unassigned',
] as const;
export type Relation = (typeof RELATIONS)[number];

export type Actor = Role | 'anonymous';
export const ACTORS: readonly Actor[] = [...ROLES, 'anonymous'];

/** One outcome for every relation, or an outcome per relation that applies to this role. */
export type Cell = Outcome | Partial<Record<Relation, Outcome>>;
export type MatrixRow = Record<Actor, Cell>;

const STAFF: Role[] = ['admin', 'operation_admin', 'financial_admin', 'Marketing Admin'];
const BUYERS: Role[] = ['b2b_admin', 'b2c_admin', 'b2b_user'];
const CUSTOMERS: Role[] = [...BUYERS, 'b2c_user'];

/** Listed roles get their cell, every other role `otherwise`, anonymous callers `anonymous`. */
function row(cells: Partial<Record<Role, Cell>>, otherwise: Cell = 403, anonymous: Outcome = 401): MatrixRow {
  const entries = ROLES.map((role) => [role, cells[role] ?? otherwise] as const);
  return { ...Object.fromEntries(entries), anonymous } as MatrixRow;
}
const each = (roles: readonly Role[], cell: Cell) => Object.fromEntries(roles.map((role) => [role, cell]));
/** Anyone, signed in or not. */
const open = () => row({}, 'allowed', 'allowed');
/** Any signed-in role. */
const signedIn = () => row({}, 'allowed');
/** Only these roles; the others 403. */
const only = (...roles: Role[]) => row(each(roles, 'allowed'));

// Relations as seen by a role's scope (field-policy.ts, shoot-policy.ts, user-policy.ts).
const ALL: Cell = { otherCompany: 'allowed', otherCustomer: 'allowed' };
const COMPANY: Cell = { own: 'allowed', company: 'allowed', otherCompany: 404, otherCustomer: 404 };
const OWN: Cell = { own: 'allowed', otherCompany: 404, otherCustomer: 404 };
/** Records of one person only (addresses, carts, orders): a colleague's are not shared. */
const PERSONAL: Cell = { own: 'allowed', company: 404, otherCompany: 404, otherCustomer: 404 };
const CREW: Cell = { assigned: 'allowed', unassigned: 404 };

/** The cells of roles acting on field records (fields, their reports and shoots) by their field scope. */
const fieldScopes = (roles: Role[]): Partial<Record<Role, Cell>> =>
  Object.fromEntries(
    roles.map((role) => [
      role,
      STAFF.includes(role) ? ALL : role === 'b2b_admin' || role === 'b2b_user' ? COMPANY : OWN,
    ]),
  );
const fieldScoped = (roles: Role[], otherwise: Cell = 403): MatrixRow => row(fieldScopes(roles), otherwise);

export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  // System and documentation: public.
  'GET /api/health': open(),
  'GET /api/ready': open(),
  'GET /api/config/public': open(),
  'GET /api/files/*': open(),
  'GET /api/openapi.json': open(),
  'GET /api/docs': open(),
  'HEAD /api/docs/': open(),
  'GET /api/docs/static/*': open(),
  'GET /api/docs/static/index.html': open(),
  'GET /api/docs/static/swagger-initializer.js': open(),
  'GET /api/docs/json': open(),
  'GET /api/docs/yaml': open(),

  // Accounts: sign-up, sign-in and one-time links are public (rate limited).
  'POST /api/user/create': open(),
  'POST /api/user/login': open(),
  'GET /api/user/logout': open(),
  'POST /api/user/verify_email': open(),
  'POST /api/user/password_reset': open(),
  'POST /api/user/password_reset/:token': open(),
  'GET /api/user/unsubscribe/:token': open(),
  'POST /api/user/unsubscribe/:token': open(),

  // One's own profile: every role.
  'GET /api/user': signedIn(),
  'PUT /api/user/update': row({
    ...each(ROLES, { own: 'allowed', otherCompany: 403, otherCustomer: 403 }),
    admin: { own: 'allowed', otherCompany: 'allowed', otherCustomer: 'allowed' },
    // Users:read staff see everyone but may not edit; company-scoped editors do not see outsiders.
    b2b_admin: { own: 'allowed', company: 'allowed', otherCompany: 404, otherCustomer: 404 },
    b2b_user: { own: 'allowed', company: 403, otherCompany: 403, otherCustomer: 403 },
    drone_admin: { own: 'allowed', company: 'allowed', otherCompany: 404, otherCustomer: 404 },
    drone_operator: { own: 'allowed', company: 403, otherCompany: 403, otherCustomer: 403 },
  }),
  'PUT /api/user/update/password': signedIn(),
  'PUT /api/user/delete/account': signedIn(),
  // Privacy: everyone's own data export; nobody downloads another person's.
  'POST /api/user/export': signedIn(),
  'GET /api/user/export': signedIn(),
  'GET /api/user/export/:id/download': row({}, PERSONAL),
  'POST /api/user/settings/changeLanguage': signedIn(),
  'POST /api/user/avatar/upload': signedIn(),
  'PUT /api/user/update/avatar': signedIn(),

  // Address book: one's own addresses only.
  'GET /api/user/address': signedIn(),
  'POST /api/user/address': signedIn(),
  'POST /api/user/update/address': row({}, PERSONAL),
  'PUT /api/user/delete/address': row({}, PERSONAL),

  // Users screen: staff list everyone, b2b roles and drone_admin their company.
  'GET /api/users': only(...STAFF, 'b2b_admin', 'b2b_user', 'drone_admin'),
  'POST /api/users/find': only(...STAFF, 'b2b_admin', 'b2b_user', 'drone_admin'),
  'POST /api/user/find': row({
    ...each(STAFF, { own: 'allowed', otherCompany: 'allowed', otherCustomer: 'allowed' }),
    b2b_admin: COMPANY,
    b2b_user: COMPANY,
    drone_admin: COMPANY,
  }),
  'POST /api/users': only('admin', 'b2b_admin', 'b2b_user', 'drone_admin'),

  // Fields.
  'GET /api/fields': only(...STAFF, ...CUSTOMERS),
  'GET /api/places': signedIn(),
  'GET /api/field/:uuid': fieldScoped([...STAFF, ...CUSTOMERS]),
  'POST /api/field/avatar/upload': only('admin', ...BUYERS),
  'POST /api/field/create': only('admin', ...BUYERS),
  'POST /api/field/update': fieldScoped(['admin', 'operation_admin', ...BUYERS]),
  'POST /api/field/delete': fieldScoped(['admin', 'b2b_admin', 'b2c_admin']),

  // Cart and orders: the buyers' own cart; staff handle orders.
  'POST /api/field/shoot/create': fieldScoped(BUYERS),
  'POST /api/field/shoot/createMultipleReports': fieldScoped(BUYERS),
  'PUT /api/field/reports/delete': row(each(BUYERS, PERSONAL)),
  'GET /api/coupon/code/:code': only(...BUYERS),
  'GET /api/coupons': only('admin', 'financial_admin'),
  'POST /api/coupons': only('admin', 'financial_admin'),
  'PUT /api/coupons/:code/deactivate': only('admin', 'financial_admin'),
  'POST /api/orders/create': row(
    each(BUYERS, { own: 'allowed', company: 400, otherCompany: 400, otherCustomer: 400 }),
  ),
  'GET /api/orders': only('admin', 'operation_admin', 'financial_admin', ...BUYERS),
  'GET /api/orders/:uuid/pdf': row(
    {
      ...each(['admin', 'operation_admin', 'financial_admin'], ALL),
      ...each(BUYERS, PERSONAL),
    },
    { own: 'allowed', otherCompany: 404, otherCustomer: 404 },
  ),
  'PUT /api/orders': only('admin', 'financial_admin'),

  // Companies.
  'GET /api/companies': only(...STAFF, 'b2b_admin', 'b2b_user'),
  'GET /api/companies/:uuid': row({
    ...each(STAFF, { otherCompany: 'allowed' }),
    b2b_admin: { own: 'allowed', otherCompany: 404 },
    b2b_user: { own: 'allowed', otherCompany: 404 },
  }),
  'POST /api/companies': only('admin'),
  'POST /api/companies/:uuid/avatar': only('admin'),
  'PUT /api/companies/:uuid/avatar': only('admin'),
  'GET /api/company': only(...BUYERS),
  'PUT /api/company/update/invoice': only('b2b_admin'),
  'POST /api/company/avatar/upload': only('b2b_admin'),
  'PUT /api/company/update/avatar': only('b2b_admin'),

  // Notifications: every role reads its own.
  'GET /api/notifications': signedIn(),
  'PUT /api/notifications/read': signedIn(),

  // Photo shoots.
  'GET /api/shoots': signedIn(),
  'GET /api/shoot/:uuid': row({
    ...each(STAFF, ALL),
    b2b_admin: COMPANY,
    b2b_user: COMPANY,
    b2c_admin: OWN,
    b2c_user: OWN,
    drone_admin: CREW,
    drone_operator: CREW,
  }),
  'PUT /api/field/shoot/update': fieldScoped(['admin', 'operation_admin', 'financial_admin', ...BUYERS]),
  'PUT /api/shoot/updateDates': row({
    admin: ALL,
    operation_admin: ALL,
    financial_admin: { otherCustomer: 403 },
    'Marketing Admin': { otherCustomer: 403 },
    ...each(CUSTOMERS, { own: 403 }),
    drone_admin: CREW,
    drone_operator: { assigned: 403, unassigned: 404 },
  }),
  'POST /api/shoot/setFixedDates': only('admin', 'operation_admin'),
  'PUT /api/shoot/:uuid': row({
    admin: ALL,
    operation_admin: ALL,
    financial_admin: { otherCustomer: 403 },
    'Marketing Admin': { otherCustomer: 403 },
    ...each(CUSTOMERS, { own: 403 }),
    drone_admin: CREW,
    drone_operator: { assigned: 403, unassigned: 404 },
  }),
  'PUT /api/shoot/:uuid/status': row({
    admin: ALL,
    operation_admin: ALL,
    financial_admin: { otherCustomer: 403 },
    'Marketing Admin': { otherCustomer: 403 },
    ...each(CUSTOMERS, { own: 403 }),
    drone_admin: CREW,
    drone_operator: CREW,
  }),

  // Reports.
  'POST /api/reports/update/status': only('admin', 'operation_admin', 'financial_admin'),
  'POST /api/reports/download/kml': row({
    ...fieldScopes([...STAFF, ...CUSTOMERS]),
    // The crew flies the field: it downloads the outline of its shoots' fields.
    drone_admin: CREW,
    drone_operator: CREW,
  }),
  'GET /api/guides/how-to-fly': signedIn(),
  'POST /api/reports/update/bbox': row({
    ...fieldScopes(['admin', 'operation_admin', 'financial_admin', ...BUYERS]),
    'Marketing Admin': { otherCustomer: 403 },
    b2c_user: { own: 403, otherCustomer: 404 },
    drone_admin: 404,
    drone_operator: 404,
  }),
  'GET /api/annotations/export': only('admin', 'operation_admin'),
  'GET /api/reports/:uuid/results': fieldScoped([...STAFF, ...CUSTOMERS], { otherCustomer: 404 }),
  'GET /api/reports/:uuid/files/*': fieldScoped([...STAFF, ...CUSTOMERS], { otherCustomer: 404 }),
  'GET /api/reports/:uuid/data': row({
    ...fieldScopes([...STAFF, ...CUSTOMERS]),
    drone_admin: CREW,
    drone_operator: CREW,
  }),
  // An E2E report's data comes from its crew (and staff): the customer sees the state, uploads nothing.
  'POST /api/reports/:uuid/data/submit': row({
    ...each(['admin', 'operation_admin', 'financial_admin'], ALL),
    'Marketing Admin': { otherCustomer: 403 },
    b2b_admin: { own: 403, company: 403, otherCompany: 404, otherCustomer: 404 },
    b2b_user: { own: 403, company: 403, otherCompany: 404, otherCustomer: 404 },
    b2c_admin: { own: 403, otherCustomer: 404 },
    b2c_user: { own: 403, otherCustomer: 404 },
    drone_admin: CREW,
    drone_operator: CREW,
  }),

  // A dataset in review (unknown camera, implausible height): operations staff confirm; whoever else
  // sees the report is refused, others learn nothing.
  'POST /api/reports/:uuid/data/confirm': row({
    ...each(['admin', 'operation_admin'], ALL),
    ...each(['financial_admin', 'Marketing Admin'], { otherCompany: 403, otherCustomer: 403 }),
    b2b_admin: { own: 403, company: 403, otherCompany: 404, otherCustomer: 404 },
    b2b_user: { own: 403, company: 403, otherCompany: 404, otherCustomer: 404 },
    b2c_admin: { own: 403, otherCustomer: 404 },
    b2c_user: { own: 403, otherCustomer: 404 },
    drone_admin: { assigned: 403, unassigned: 404 },
    drone_operator: { assigned: 403, unassigned: 404 },
  }),

  // Dataset uploads (tus).
  'POST /api/uploads': row({
    ...each(['admin', 'operation_admin', 'financial_admin'], ALL),
    'Marketing Admin': { otherCustomer: 403 },
    ...each(CUSTOMERS, { own: 403, otherCustomer: 404 }),
    drone_admin: CREW,
    drone_operator: CREW,
  }),
  'HEAD /api/uploads/:id': row({
    ...each(['admin', 'operation_admin', 'financial_admin'], ALL),
    'Marketing Admin': { otherCustomer: 403 },
    ...each(CUSTOMERS, { own: 403, otherCustomer: 404 }),
    drone_admin: CREW,
    drone_operator: CREW,
  }),
  'PATCH /api/uploads/:id': row({
    ...each(['admin', 'operation_admin', 'financial_admin'], ALL),
    'Marketing Admin': { otherCustomer: 403 },
    ...each(CUSTOMERS, { own: 403, otherCustomer: 404 }),
    drone_admin: CREW,
    drone_operator: CREW,
  }),
  'DELETE /api/uploads/:id': row({
    ...each(['admin', 'operation_admin', 'financial_admin'], ALL),
    'Marketing Admin': { otherCustomer: 403 },
    ...each(CUSTOMERS, { own: 403, otherCustomer: 404 }),
    drone_admin: CREW,
    drone_operator: CREW,
  }),

  // Dashboard (admin only).
  'GET /api/analytics/overview': only('admin'),
  'GET /api/analytics/fields-map': only('admin'),
  'GET /api/analytics/fields-map/polygons': only('admin'),
  'GET /api/audit': only('admin'),
  'GET /api/deploy': only('admin'),
  'PUT /api/system/maintenance': only('admin'),
  'GET /api/deploy/production': only('admin'),
  'GET /api/realtime': signedIn(),

  // Weather, soil and satellite.
  'GET /api/weather': only(...STAFF, ...CUSTOMERS),
  'GET /api/agro/getWeatherForecastData': only(...STAFF, ...CUSTOMERS),
  'GET /api/agro/getSoilData': fieldScoped([...STAFF, ...CUSTOMERS]),
  'GET /api/agro/getSatelliteImgsData': fieldScoped([...STAFF, ...CUSTOMERS]),
  'GET /api/agro/history': fieldScoped([...STAFF, ...CUSTOMERS]),
  'GET /api/agro/viticulture': fieldScoped([...STAFF, ...CUSTOMERS]),
  'GET /api/agro/index-image': fieldScoped([...STAFF, ...CUSTOMERS]),
  'GET /api/agro/index-change': fieldScoped([...STAFF, ...CUSTOMERS]),
  'POST /api/agro/createPolygons': only('admin'),
  'GET /api/agro/runs': only('admin'),
  'GET /api/agro/runs/:id': only('admin'),
  // Each agro job kind is its own admin-only GET (spec section 7).
  ...Object.fromEntries(AGRO_JOB_KINDS.map((kind) => [`GET /api/agro/${kind}`, only('admin')])),
};
