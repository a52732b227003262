import type { Role } from './roles.ts';

/** Resources the product gates (spec section 6) plus those later features need. */
export const RESOURCES = [
  'Field',
  'Fields',
  'Report',
  'AdminOrders',
  'UserOrders',
  'Notification',
  'Users',
  'Shoots',
  'Companies',
  'UserCompany',
  'Cart',
  'Dashboard',
  /** The staff audit log (who changed what). */
  'Audit',
  /** Triggering the configured production deploy. */
  'Deploy',
  /** The live staff chat of the dashboard's Settings area. */
  'StaffChat',
  /** The live tail of server log lines. */
  'ServerLog',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Serialised as "Resource:action" in `GET /user` so the client can build the same checker. */
export type Permission = `${Resource}:${Action}`;

const CUSTOMER_ADMIN: Permission[] = [
  'Field:create',
  'Field:update',
  'Field:delete',
  'Fields:read',
  'Report:create',
  'Report:read',
  'Cart:read',
  'UserOrders:read',
  'Notification:read',
];

/**
 * The single table of who may do what. Rationale per role is in docs/ROLES.md.
 * The server checks these on every route; the web app only mirrors them to hide entries.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [
    'Dashboard:read',
    'Audit:read',
    'Deploy:create',
    'StaffChat:read',
    'StaffChat:create',
    'ServerLog:read',
    'Field:create',
    'Field:update',
    'Field:delete',
    'Fields:read',
    'Report:read',
    'Report:update',
    'AdminOrders:read',
    'AdminOrders:update',
    'Notification:read',
    'Users:read',
    'Users:create',
    'Users:update',
    'Shoots:read',
    'Shoots:update',
    'Companies:read',
    'Companies:create',
    'Companies:update',
  ],
  operation_admin: [
    'Fields:read',
    'Field:update',
    'Report:read',
    'Report:update',
    'AdminOrders:read',
    'Notification:read',
    'Users:read',
    'Shoots:read',
    'Shoots:update',
    'Companies:read',
  ],
  financial_admin: [
    'Fields:read',
    'Report:read',
    'Report:update',
    'AdminOrders:read',
    'AdminOrders:update',
    'Notification:read',
    'Users:read',
    'Companies:read',
  ],
  'Marketing Admin': ['Fields:read', 'Report:read', 'Notification:read', 'Users:read', 'Companies:read'],
  b2b_admin: [
    ...CUSTOMER_ADMIN,
    'UserCompany:read',
    'UserCompany:update',
    'Companies:read',
    'Users:create',
    'Users:update',
  ],
  b2c_admin: CUSTOMER_ADMIN,
  b2b_user: [
    'Field:create',
    'Field:update',
    'Fields:read',
    'Report:create',
    'Report:read',
    'Cart:read',
    'UserOrders:read',
    'Notification:read',
    'UserCompany:read',
    'Companies:read',
    'Users:create',
  ],
  b2c_user: ['Fields:read', 'Report:read', 'Notification:read'],
  drone_admin: [
    'Shoots:read',
    'Shoots:update',
    'Notification:read',
    'Users:read',
    'Users:create',
    'Users:update',
  ],
  drone_operator: ['Shoots:read', 'Shoots:update', 'Notification:read'],
};

export function permissionsForRole(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function can(permissions: readonly string[], action: Action, resource: Resource): boolean {
  return permissions.includes(`${resource}:${action}`);
}

export function roleCan(role: Role, action: Action, resource: Resource): boolean {
  return can(ROLE_PERMISSIONS[role], action, resource);
}
