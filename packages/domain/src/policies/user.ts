import { roleCan } from '../roles/permissions.ts';
import { B2B_ROLES, ROLES, type Role, STAFF_ROLES } from '../roles/roles.ts';
import type { Decision, PolicyActor, RecordFacts } from './policy.ts';

/**
 * Roles a role may give when adding or editing a user, never above its own: an admin any role; a
 * business account (b2b_admin, b2b_user) members (b2b_user) of its company; a drone operator
 * organisation (drone_admin) pilots (drone_operator) of its organisation. Everyone else none.
 */
export function grantableRoles(role: Role): readonly Role[] {
  if (role === 'admin') return ROLES;
  if (role === 'b2b_admin' || role === 'b2b_user') return ['b2b_user'];
  if (role === 'drone_admin') return ['drone_operator'];
  return [];
}

/** Which users a role lists: staff every user; b2b roles and drone_admin their own company's. */
export type UserScope = 'all' | 'company' | 'none';

export function userScope(role: Role): UserScope {
  if ((STAFF_ROLES as readonly string[]).includes(role) && roleCan(role, 'read', 'Users')) return 'all';
  if (role === 'drone_admin' || (B2B_ROLES as readonly string[]).includes(role)) return 'company';
  return 'none';
}

export interface UserPolicyParty {
  id: number;
  role: Role;
  companyId: number | null;
}

/** Whether `actor` may see `target` (Users and Companies screens). */
export function maySeeUser(actor: UserPolicyParty, target: UserPolicyParty): boolean {
  const scope = userScope(actor.role);
  if (scope === 'all') return true;
  return scope === 'company' && actor.companyId !== null && actor.companyId === target.companyId;
}

/**
 * Whether `actor` may edit another user: Users:update, the target visible, and the target's role one
 * the actor could give (so a b2b_admin edits b2b_users, never another b2b_admin or staff).
 * One's own profile goes through the ordinary profile update.
 */
export function mayEditUser(actor: UserPolicyParty, target: UserPolicyParty): boolean {
  return (
    actor.id !== target.id &&
    roleCan(actor.role, 'update', 'Users') &&
    maySeeUser(actor, target) &&
    grantableRoles(actor.role).includes(target.role)
  );
}

/**
 * Whether `actor` chooses the company of a user it adds or edits (administrators, who may move a
 * user between companies); everyone else adds to, and keeps users in, its own company.
 */
export function mayChooseUserCompany(actor: { role: Role }): boolean {
  return actor.role === 'admin';
}

/**
 * Whether a user of `role` added without a company gets an organisation of its own: a drone operator
 * organisation is its drone_admin's company.
 */
export function foundsOrganisation(role: Role): boolean {
  return role === 'drone_admin';
}

/** Whether `actor` may add a user of `role` (to its own company unless it is an admin). */
export function mayAddUser(actor: { role: Role }, role: Role): boolean {
  return roleCan(actor.role, 'create', 'Users') && grantableRoles(actor.role).includes(role);
}

/**
 * `PUT /api/user/update`: one's own profile always; another user's only with Users:update (checked
 * before the user is looked up, 403), then the user must be visible (404) and editable (403).
 */
export function decideProfileEdit(actor: PolicyActor, target: RecordFacts): Decision {
  if (target.ownerId === actor.userId) return 'allowed';
  if (!roleCan(actor.role, 'update', 'Users')) return 'forbidden';
  const party = {
    id: target.ownerId,
    role: target.ownerRole ?? 'b2c_user',
    companyId: target.ownerCompanyId,
  };
  const self = { id: actor.userId, role: actor.role, companyId: actor.companyId };
  if (!maySeeUser(self, party)) return 'hidden';
  return mayEditUser(self, party) ? 'allowed' : 'forbidden';
}

/** `mayEditUser` for a user record as the access helper loads it. */
export function mayEditUserRecord(actor: PolicyActor, target: RecordFacts): boolean {
  const party = {
    id: target.ownerId,
    role: target.ownerRole ?? 'b2c_user',
    companyId: target.ownerCompanyId,
  };
  return mayEditUser({ id: actor.userId, role: actor.role, companyId: actor.companyId }, party);
}

/** Whether the caller sees a user record: itself always, others by its user scope. */
export function canSeeUser(actor: PolicyActor, target: RecordFacts): boolean {
  if (target.ownerId === actor.userId) return true;
  const party = {
    id: target.ownerId,
    role: target.ownerRole ?? 'b2c_user',
    companyId: target.ownerCompanyId,
  };
  return maySeeUser({ id: actor.userId, role: actor.role, companyId: actor.companyId }, party);
}
