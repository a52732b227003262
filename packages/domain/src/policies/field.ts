import { B2B_ROLES, type Role, STAFF_ROLES } from '../roles/roles.ts';
import type { PolicyActor, RecordFacts } from './policy.ts';

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

/** Whether the caller sees a field (or a record of it: report, shoot, weather) by its field scope. */
export function canSeeField(actor: PolicyActor, field: RecordFacts): boolean {
  const scope = fieldScope(actor.role);
  if (scope === 'all') return true;
  if (field.ownerId === actor.userId) return true;
  return scope === 'company' && actor.companyId !== null && field.ownerCompanyId === actor.companyId;
}
