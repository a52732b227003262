import { roleCan } from '../roles/permissions.ts';
import { STAFF_ROLES } from '../roles/roles.ts';
import type { PolicyActor, RecordFacts } from './policy.ts';

/** Whether the caller sees every company (staff) or only its own. */
export function seesAllCompanies(actor: Pick<PolicyActor, 'role'>): boolean {
  return STAFF_ROLES.includes(actor.role);
}

/** Whether the caller sees a company (`ownerCompanyId` is the company): staff all, others their own. */
export function canSeeCompany(actor: PolicyActor, company: RecordFacts): boolean {
  if (seesAllCompanies(actor)) return true;
  return actor.companyId !== null && company.ownerCompanyId === actor.companyId;
}

/** Whether the caller may change its own company's invoice details and logo (the b2b_admin). */
export function mayEditOwnCompany(actor: Pick<PolicyActor, 'role'>): boolean {
  return roleCan(actor.role, 'update', 'UserCompany');
}
