import type {
  CompanyDetailView,
  CompanyKind,
  CompanyListView,
  CompanyUserView,
  CompanyView,
  Role,
} from '@ampelos/domain';
import type { CompanyMember, CompanyRow } from './repository.ts';

/** `url` turns a storage key into the address the browser fetches. */
export function presentCompany(row: CompanyRow, url: (key: string) => string): CompanyView {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    vatId: row.vatId,
    activity: row.activity,
    email: row.email,
    telephone: row.telephone,
    city: row.city,
    address: row.address,
    zipCode: row.zipCode,
    taxAuthority: row.taxAuthority,
    state: row.state,
    country: row.country,
    avatar: row.avatarXs && row.avatarMd ? { xs: url(row.avatarXs), md: url(row.avatarMd) } : null,
    invoiceDetails: row.invoiceDetails ? { ...row.invoiceDetails } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCompanyListItem(
  row: CompanyRow,
  userCount: number,
  url: (key: string) => string,
): CompanyListView {
  return {
    ...presentCompany(row, url),
    kind: (row.kind === 'drone_operator' ? 'drone_operator' : 'customer') satisfies CompanyKind,
    userCount,
  };
}

export function presentCompanyDetail(
  row: CompanyRow,
  members: { member: CompanyMember; editable: boolean }[],
  url: (key: string) => string,
): CompanyDetailView {
  const users: CompanyUserView[] = members.map(({ member, editable }) => ({
    id: member.id,
    uuid: member.uuid,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    role: member.role as Role,
    createdAt: member.createdAt.toISOString(),
    editable,
  }));
  return { ...presentCompanyListItem(row, users.length, url), users };
}
