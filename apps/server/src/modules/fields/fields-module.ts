import type { FieldShootView } from '@ampelos/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { createOfflineGeocoder } from '../../platform/geo/reverse-geocode.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { CommerceService } from '../commerce/service.ts';
import type { Notify } from '../notifications/service.ts';
import { createFieldEvents } from './field-events.ts';
import { createFieldRepository } from './repository.ts';
import { fieldRoutes } from './routes.ts';
import { createFieldService, type FieldReportsLookup } from './service.ts';

/** Fields: boundaries, avatars, KML; listed with their reports and shoots as the caller sees them. */
export function createFieldsModule(deps: {
  db: Db;
  storage: Storage;
  notify: Notify;
  /** Operations staff, told of new fields. */
  staff: () => Promise<{ id: number }[]>;
  reports: FieldReportsLookup;
  commerce: CommerceService;
  /** The photo shoots of the listed fields, as the caller sees them. */
  shootData: (auth: AuthContext, fieldIds: number[]) => Promise<FieldShootView[]>;
  logger: Logger;
}) {
  const events = createFieldEvents({ notify: deps.notify, staff: deps.staff, logger: deps.logger });
  const fields = createFieldService({
    onCreated: events.created,
    fields: createFieldRepository(deps.db),
    storage: deps.storage,
    geocoder: createOfflineGeocoder(),
    reports: deps.reports,
  });
  return {
    async routes(api: FastifyInstance) {
      await api.register(fieldRoutes, { fields, commerce: deps.commerce, shootData: deps.shootData });
    },
  };
}
