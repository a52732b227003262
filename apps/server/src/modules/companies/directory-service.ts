import {
  type CompanyCreate,
  can,
  mayEditUser,
  OPERATIONS_MESSAGES,
  type Role,
  seesAllCompanies,
} from '@ampelos/domain';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { storeAvatar } from '../../platform/images/avatar.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { CompanyMember, CompanyRepository, CompanyRow } from './repository.ts';
import { companyColumns } from './service.ts';

/**
 * The Companies screen: staff see every company; b2b roles their own; nobody else. A company the
 * caller may not see answers 404.
 */
export function createCompanyDirectoryService(deps: { companies: CompanyRepository; storage: Storage }) {
  function requireReader(auth: AuthContext) {
    if (!can(auth.view.permissions, 'read', 'Companies')) throw forbidden();
  }
  const seesAll = (auth: AuthContext) => seesAllCompanies({ role: auth.user.role as Role });

  async function findVisible(auth: AuthContext, uuid: string): Promise<CompanyRow> {
    requireReader(auth);
    const company = await deps.companies.findByUuid(uuid);
    if (!company || (!seesAll(auth) && company.id !== auth.user.companyId)) {
      throw notFound(OPERATIONS_MESSAGES.companyNotFound);
    }
    return company;
  }

  async function detail(auth: AuthContext, company: CompanyRow) {
    const actor = { id: auth.user.id, role: auth.user.role as Role, companyId: auth.user.companyId };
    const members = await deps.companies.members(company.id);
    return {
      company,
      members: members.map((member: CompanyMember) => ({
        member,
        editable: mayEditUser(actor, {
          id: member.id,
          role: member.role as Role,
          companyId: member.companyId,
        }),
      })),
    };
  }

  async function forAvatar(auth: AuthContext, uuid: string) {
    if (!can(auth.view.permissions, 'update', 'Companies')) throw forbidden();
    const company = await deps.companies.findByUuid(uuid);
    if (!company) throw notFound(OPERATIONS_MESSAGES.companyNotFound);
    return company;
  }

  async function removeAvatarFiles(company: CompanyRow) {
    for (const key of [company.avatarMd, company.avatarXs]) if (key) await deps.storage.delete(key);
  }

  return {
    async list(auth: AuthContext) {
      requireReader(auth);
      if (seesAll(auth)) return deps.companies.listWithUserCounts();
      return auth.user.companyId === null ? [] : deps.companies.listWithUserCounts(auth.user.companyId);
    },

    detail: async (auth: AuthContext, uuid: string) => detail(auth, await findVisible(auth, uuid)),

    /** Add Company (Companies:create): the invoice details inputs; they are also its invoice details. */
    async create(auth: AuthContext, input: CompanyCreate) {
      if (!can(auth.view.permissions, 'create', 'Companies')) throw forbidden();
      const { kind, ...details } = input;
      const company = await deps.companies.insert({ ...companyColumns(details), kind: kind ?? 'customer' });
      return detail(auth, company);
    },

    /** Any company's avatar, for Companies:update holders (administrators). */
    async uploadAvatar(auth: AuthContext, uuid: string, file: Buffer) {
      const company = await forAvatar(auth, uuid);
      const keys = await storeAvatar(deps.storage, `avatars/companies/${company.uuid}`, file);
      await removeAvatarFiles(company);
      return deps.companies.update(company.id, { avatarMd: keys.md, avatarXs: keys.xs });
    },

    async removeAvatar(auth: AuthContext, uuid: string) {
      const company = await forAvatar(auth, uuid);
      await removeAvatarFiles(company);
      return deps.companies.update(company.id, { avatarMd: null, avatarXs: null });
    },
  };
}
export type CompanyDirectoryService = ReturnType<typeof createCompanyDirectoryService>;
