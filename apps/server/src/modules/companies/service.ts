import { COMPANY_MESSAGES, can, type InvoiceDetails } from '@ampelos/domain';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { storeAvatar } from '../../platform/images/avatar.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuthContext, SessionNotices } from '../auth/sessions.ts';
import type { CompanyRepository, CompanyRow } from './repository.ts';

function allow(allowed: boolean) {
  if (!allowed) throw forbidden();
}

/** The company columns the invoice form sets (its title is the firm title). */
export function companyColumns(details: InvoiceDetails) {
  return {
    title: details.firmTitle,
    activity: details.firmActivity,
    vatId: details.vatId,
    email: details.email,
    telephone: details.telephone,
    city: details.city,
    address: details.address,
    zipCode: details.zipCode,
    taxAuthority: details.taxAuthority,
    state: details.state,
    country: details.country,
    invoiceDetails: { ...details },
  };
}

/** The caller's own company (profile area, checkout). The Companies screen comes with operations. */
export function createCompanyService(deps: {
  companies: CompanyRepository;
  storage: Storage;
  /** Told when a user joins the company they just created (their session's user changed). */
  sessions: SessionNotices;
}) {
  async function removeAvatarFiles(company: CompanyRow) {
    for (const key of [company.avatarMd, company.avatarXs]) if (key) await deps.storage.delete(key);
  }

  async function ownCompanyForUpdate(auth: AuthContext): Promise<CompanyRow> {
    allow(can(auth.view.permissions, 'update', 'UserCompany'));
    const company = auth.user.companyId ? await deps.companies.findById(auth.user.companyId) : undefined;
    if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
    return company;
  }

  return {
    /**
     * Readers of UserCompany get their company or null; other customers (b2c, who hold Cart:read) get
     * null so checkout can ask cheaply; everyone else is refused.
     */
    async get(auth: AuthContext): Promise<CompanyRow | null> {
      const { permissions } = auth.view;
      if (!can(permissions, 'read', 'UserCompany')) {
        allow(can(permissions, 'read', 'Cart'));
        return null;
      }
      if (!auth.user.companyId) return null;
      return (await deps.companies.findById(auth.user.companyId)) ?? null;
    },

    /**
     * Saves the invoice details on the caller's company, creating and linking the company on the first
     * save; with `addBillingAddress` they are also kept in the caller's address book. One transaction.
     */
    async saveInvoiceDetails(auth: AuthContext, details: InvoiceDetails, addBillingAddress: boolean) {
      allow(can(auth.view.permissions, 'update', 'UserCompany'));
      let linked = false;
      const saved = await deps.companies.transaction(async (q) => {
        const companyId = await q.lockUserCompanyId(auth.user.id);
        let company: CompanyRow;
        if (companyId === null) {
          company = await q.insert(companyColumns(details));
          await q.linkUser(auth.user.id, company.id);
          linked = true;
        } else {
          company = await q.update(companyId, companyColumns(details));
        }
        if (addBillingAddress) {
          await q.addBillingAddressOnce(auth.user.id, {
            city: details.city,
            country: details.country,
            state: details.state,
            zipPostcode: details.zipCode,
            line1: details.address,
          });
        }
        return company;
      });
      if (linked) await deps.sessions.userChanged(auth.user.id, true);
      return saved;
    },

    async uploadAvatar(auth: AuthContext, file: Buffer) {
      const company = await ownCompanyForUpdate(auth);
      const keys = await storeAvatar(deps.storage, `avatars/companies/${company.uuid}`, file);
      await removeAvatarFiles(company);
      return deps.companies.update(company.id, { avatarMd: keys.md, avatarXs: keys.xs });
    },

    async removeAvatar(auth: AuthContext) {
      const company = await ownCompanyForUpdate(auth);
      await removeAvatarFiles(company);
      return deps.companies.update(company.id, { avatarMd: null, avatarXs: null });
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
