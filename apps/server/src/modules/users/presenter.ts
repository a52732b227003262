import { isRole, type Lang, permissionsForRole, type UserView } from '@ampelos/domain';
import type { UserRow } from './repository.ts';

/** The only shape of a user that leaves the server: no hash, no tokens. */
export function presentUser(row: UserRow): UserView {
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
