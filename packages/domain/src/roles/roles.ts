/** Every role of the product (spec section 6). The marketing admin keeps the spec's spelling. */
export const ROLES = [
  'admin',
  'operation_admin',
  'financial_admin',
  'Marketing Admin',
  'b2b_admin',
  'b2c_admin',
  'b2b_user',
  'b2c_user',
  'drone_admin',
  'drone_operator',
] as const;
export type Role = (typeof ROLES)[number];

/** Sign-up offers exactly two account kinds. */
export const SIGN_UP_ACCOUNT_TYPES = { Business: 'b2b_admin', Personal: 'b2c_admin' } as const;
export type SignUpAccountType = keyof typeof SIGN_UP_ACCOUNT_TYPES;
export const SIGN_UP_ROLES = Object.values(SIGN_UP_ACCOUNT_TYPES);

export const STAFF_ROLES: readonly Role[] = [
  'admin',
  'operation_admin',
  'financial_admin',
  'Marketing Admin',
];
export const B2B_ROLES: readonly Role[] = ['b2b_admin', 'b2b_user'];
export const DRONE_ROLES: readonly Role[] = ['drone_admin', 'drone_operator'];

/**
 * Labels the spec gives that the generic rule would not produce: the drone roles have their own names,
 * and the spec writes "Operation Admin" and "Financial Admin" (next to "B2b admin", "B2c admin").
 */
const ROLE_LABEL_OVERRIDES: Partial<Record<Role, string>> = {
  operation_admin: 'Operation Admin',
  financial_admin: 'Financial Admin',
  drone_admin: 'Drone Operator',
  drone_operator: 'Drone Pilot',
};

/**
 * Underscores shown as spaces, first letter capitalised: "b2b_admin" → "B2b admin", "admin" → "Admin";
 * operation_admin, financial_admin and the drone roles use the spec's own labels.
 */
export function roleLabel(role: string): string {
  const override = ROLE_LABEL_OVERRIDES[role as Role];
  if (override) return override;
  const spaced = role.replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Where `/` sends a signed-in user. The spec lists all roles but financial_admin and
 * Marketing Admin; both are office staff who work from orders and fields, so they go to /fields.
 */
export function homePathForRole(role: Role): '/fields' | '/shoots' {
  return DRONE_ROLES.includes(role) ? '/shoots' : '/fields';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
