import { isRole, type Lang, permissionsForRole, type UserAdminView, type UserView } from '@ampelos/domain';
import type { DirectoryEntry, SessionUser } from './repository.ts';

/** The only shape of a user that leaves the server: no hash, no tokens. */
export function presentUser(row: SessionUser): UserView {
  const role = isRole(row.role) ? row.role : 'b2c_user';
  return {
    id: row.id,
    uuid: row.uuid,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobile: row.mobile,
    location: row.location,
    role,
    lang: row.lang === 'el' ? 'el' : ('en' satisfies Lang),
    avatar: row.avatarXs || row.avatarMd ? { xs: row.avatarXs, md: row.avatarMd } : null,
    emailVerified: row.emailVerifiedAt !== null,
    marketingOptIn: row.marketingOptIn,
    createdAt: row.createdAt.toISOString(),
    permissions: [...permissionsForRole(role)],
  };
}

/** A user as the Users and Companies screens show it, with whether the caller may edit them. */
export function presentUserAdmin(entry: DirectoryEntry, editable: boolean): UserAdminView {
  const { user, company } = entry;
  const view = presentUser(user);
  return {
    id: view.id,
    uuid: view.uuid,
    firstName: view.firstName,
    lastName: view.lastName,
    email: view.email,
    mobile: view.mobile,
    location: view.location,
    role: view.role,
    lang: view.lang,
    avatar: view.avatar,
    emailVerified: view.emailVerified,
    invitationPending: user.invitedAt !== null && user.emailVerifiedAt === null,
    createdAt: view.createdAt,
    company: company
      ? {
          id: company.id,
          uuid: company.uuid,
          title: company.title,
          email: company.email,
          telephone: company.telephone,
          activity: company.activity,
        }
      : null,
    editable,
  };
}
