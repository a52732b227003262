import { B2B_ROLES, type Role, STAFF_ROLES } from './roles.ts';

/**
 * Which fields a role sees: staff see every field, b2b roles the fields of their company,
 * everyone else only their own. What they may do with a visible field is in the permission table.
 */
export type FieldScope = 'all' | 'company' | 'own';

export function fieldScope(role: Role | string): FieldScope {
  if ((STAFF_ROLES as readonly string[]).includes(role)) return 'all';
  if ((B2B_ROLES as readonly string[]).includes(role)) return 'company';
  return 'own';
}
