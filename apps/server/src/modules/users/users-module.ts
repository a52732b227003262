import type { FastifyInstance } from 'fastify';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { Access } from '../auth/access.ts';
import type { SessionManager } from '../auth/sessions.ts';
import type { MailService } from '../mail/service.ts';
import { userAdminRoutes } from './admin-routes.ts';
import { createUserAdminService } from './admin-service.ts';
import type { UserRepository } from './repository.ts';
import { userRoutes } from './routes.ts';
import { createUserService } from './service.ts';

/** Profiles and the staff's user administration. */
export function createUsersModule(deps: {
  users: UserRepository;
  access: Access;
  storage: Storage;
  mail: MailService;
  publicUrl: string;
  audit: AuditRecorder;
  sessions: SessionManager;
}) {
  const users = createUserService({
    users: deps.users,
    storage: deps.storage,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    sessions: deps.sessions.notices,
  });
  const admin = createUserAdminService({
    users: deps.users,
    access: deps.access,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    audit: deps.audit,
    sessions: deps.sessions.notices,
  });
  return {
    async routes(api: FastifyInstance) {
      await api.register(userRoutes, { users, admin, sessions: deps.sessions });
      await api.register(userAdminRoutes, { admin });
    },
  };
}
