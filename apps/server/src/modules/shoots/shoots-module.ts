import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { MailService } from '../mail/service.ts';
import type { Notify } from '../notifications/service.ts';
import { createCrewService } from './crew-service.ts';
import { presentFieldShoot } from './presenter.ts';
import { createShootRepository } from './repository.ts';
import { shootRoutes } from './routes.ts';
import { createShootService } from './service.ts';
import { createShootEvents, SHOOT_MANAGER_ROLES } from './shoot-events.ts';

/** Photo shoots: scheduling, assignment of drone crews, the crews' own view. */
export function createShootsModule(deps: {
  db: Db;
  notify: Notify;
  mail: MailService;
  audit: AuditRecorder;
  publicUrl: string;
  logger: Logger;
}) {
  const repository = createShootRepository(deps.db);
  /** Operations staff (who plan shoots): told of new fields and of shoot changes. */
  const managers = () => repository.usersWithRoles(SHOOT_MANAGER_ROLES);
  const events = createShootEvents({
    notify: deps.notify,
    mail: deps.mail,
    managers,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
  });
  const shoots = createShootService({ shoots: repository, events });
  const crew = createCrewService({ shoots: repository, events, scheduling: shoots, audit: deps.audit });
  return {
    repository,
    managers,
    /** The photo shoots of the listed fields, as the caller sees them (the fields list's `shootData`). */
    fieldShoots: async (auth: AuthContext, fieldIds: number[]) =>
      (await shoots.ofFields(auth, fieldIds)).map(({ record, actions }) =>
        presentFieldShoot(record, actions),
      ),
    async routes(api: FastifyInstance) {
      await api.register(shootRoutes, { shoots, crew });
    },
  };
}
