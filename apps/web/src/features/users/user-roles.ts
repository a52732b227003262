import type { CompanyKind, CompanyListView, Role } from '@ampelos/domain';

/** What the user forms need to know of a company (the route passes the Companies list in). */
export type CompanyChoice = Pick<CompanyListView, 'id' | 'title' | 'kind'>;

/**
 * The roles that belong to a company, and the kind of company each belongs to: business accounts'
 * users to a customer company, drone operators and pilots to a drone operator organisation.
 */
const COMPANY_KIND_OF_ROLE: Partial<Record<Role, CompanyKind>> = {
  b2b_admin: 'customer',
  b2b_user: 'customer',
  drone_admin: 'drone_operator',
  drone_operator: 'drone_operator',
};

export function companyKindOfRole(role: Role | ''): CompanyKind | null {
  return role ? (COMPANY_KIND_OF_ROLE[role] ?? null) : null;
}

/** The roles offered: those the caller may give, and, for a given company, those that fit its kind. */
export function roleChoices(grantable: readonly Role[], company?: CompanyChoice | null): Role[] {
  if (!company) return [...grantable];
  return grantable.filter((role) => COMPANY_KIND_OF_ROLE[role] === company.kind);
}
