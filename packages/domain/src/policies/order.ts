import { roleCan } from '../roles/permissions.ts';
import type { Role } from '../roles/roles.ts';
import { isOwn, type PolicyActor, type RecordFacts } from './policy.ts';

/** Order staff (AdminOrders:read) see every order; everyone else only the orders they placed. */
export function canSeeOrder(actor: PolicyActor, order: RecordFacts): boolean {
  return roleCan(actor.role, 'read', 'AdminOrders') || isOwn(actor, order);
}

/** Who may not order without a mobile number on the account: a b2c_admin (product spec, Checkout). */
export function orderNeedsMobile(role: Role): boolean {
  return role === 'b2c_admin';
}

/** Who lists orders: order staff all of them, buyers their own. */
export function mayListOrders(actor: Pick<PolicyActor, 'role'>): boolean {
  return roleCan(actor.role, 'read', 'AdminOrders') || roleCan(actor.role, 'read', 'UserOrders');
}
