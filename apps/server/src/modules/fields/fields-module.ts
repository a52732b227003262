import type { FieldShootView } from '@ampelos/domain';
import type { FastifyInstance } from 'fastify';
import type { Db, SqlExecutor } from '../../platform/db/database.ts';
import { createReadChanges, MAX_UNCHECKED_MS } from '../../platform/db/read-changes.ts';
import { createOfflineGeocoder } from '../../platform/geo/reverse-geocode.ts';
import { createAnswerCache } from '../../platform/http/answer-cache.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { CommerceService } from '../commerce/service.ts';
import type { Notify } from '../notifications/service.ts';
import { createFieldEvents } from './field-events.ts';
import { createFieldListCache } from './list-cache.ts';
import { createFieldRepository } from './repository.ts';
import { fieldRoutes } from './routes.ts';
import { createFieldService, type FieldReportsLookup } from './service.ts';

/** The fields lists of a process: 64 MiB, about 500 customers with 50 fields, reports and shoots each. */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;

/** Fields: boundaries, avatars, KML; listed with their reports and shoots as the caller sees them. */
export function createFieldsModule(deps: {
  db: Db;
  /** Raw SQL on the same database: the list cache's change check (platform/db/read-changes.ts). */
  executor: SqlExecutor;
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
  const listCache = createFieldListCache({
    changes: createReadChanges({
      executor: deps.executor,
      onPruneError: (error) => deps.logger.warn({ err: error }, 'read_changes prune failed'),
    }),
    cache: createAnswerCache({ maxBytes: LIST_CACHE_BYTES, maxUncheckedMs: MAX_UNCHECKED_MS }),
  });
  return {
    async routes(api: FastifyInstance) {
      await api.register(fieldRoutes, {
        fields,
        commerce: deps.commerce,
        shootData: deps.shootData,
        listCache,
      });
    },
  };
}
