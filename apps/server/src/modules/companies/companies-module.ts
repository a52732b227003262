import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { SessionNotices } from '../auth/sessions.ts';
import { createCompanyDirectoryService } from './directory-service.ts';
import { createCompanyRepository } from './repository.ts';
import { companyRoutes } from './routes.ts';
import { createCompanyService } from './service.ts';

/** The caller's company and the staff's company directory. */
export function createCompaniesModule(deps: { db: Db; storage: Storage; sessions: SessionNotices }) {
  const repository = createCompanyRepository(deps.db);
  const companies = createCompanyService({
    companies: repository,
    storage: deps.storage,
    sessions: deps.sessions,
  });
  const directory = createCompanyDirectoryService({ companies: repository, storage: deps.storage });
  return {
    async routes(api: FastifyInstance) {
      await api.register(companyRoutes, { companies, directory, storage: deps.storage });
    },
  };
}
