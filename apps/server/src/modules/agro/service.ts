import { AGRO_MESSAGES, type AgroFieldQuery, can, fieldScope, type Role } from '@ampelos/domain';
import type { AgroData } from '../../platform/agro/agro.ts';
import type { AgroField } from '../../platform/agro/types.ts';
import { AppError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { FieldRepository } from '../fields/repository.ts';
import type { AgroRepository } from './repository.ts';

/** Fields registered at the satellite provider per `POST /agro/createPolygons` call. */
const POLYGONS_PER_CALL = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Weather, soil and satellite data for the field page. Reading needs Fields:read; a field's data
 * needs the field to be visible (404 otherwise, as everywhere). Provider failures answer null.
 */
export function createAgroService(deps: {
  agro: AgroData;
  agroFields: AgroRepository;
  fields: Pick<FieldRepository, 'findVisibleByUuid'>;
  logger: Logger;
}) {
  function requireRead(auth: AuthContext) {
    if (!can(auth.view.permissions, 'read', 'Fields')) throw forbidden();
  }

  async function visibleField(auth: AuthContext, query: AgroFieldQuery): Promise<AgroField & { id: number }> {
    requireRead(auth);
    const uuid =
      query.fieldUuid ?? (query.agroId ? await deps.agroFields.fieldUuidByAgroId(query.agroId) : undefined);
    const viewer = {
      scope: fieldScope(auth.user.role as Role),
      userId: auth.user.id,
      companyId: auth.user.companyId,
    };
    const found = uuid ? await deps.fields.findVisibleByUuid(viewer, uuid) : undefined;
    if (!found) throw notFound(AGRO_MESSAGES.fieldNotFound);
    const { field } = found;
    return {
      id: field.id,
      uuid: field.uuid,
      title: field.title,
      ring: field.polygon,
      lat: field.centroidLat,
      lng: field.centroidLng,
      agroId: field.agroId,
    };
  }

  return {
    providers: deps.agro.providers,
    /** The field of a query if the caller may see it (404 otherwise). */
    visibleField,

    async currentWeather(auth: AuthContext, point: { lat: number; lng: number }) {
      requireRead(auth);
      return deps.agro.currentWeather(point);
    },

    async forecast(auth: AuthContext, point: { lat: number; lng: number }) {
      requireRead(auth);
      return deps.agro.forecast(point);
    },

    async soil(auth: AuthContext, query: AgroFieldQuery) {
      return deps.agro.currentSoil(await visibleField(auth, query));
    },

    /** Dates with imagery over the last year (null without a provider or when it fails). */
    async satelliteImages(auth: AuthContext, query: AgroFieldQuery, now = new Date()) {
      const field = await visibleField(auth, query);
      if (!field.agroId) return null;
      return deps.agro.satelliteImages(field.agroId, new Date(now.getTime() - 365 * DAY_MS), now);
    },

    /**
     * `POST /agro/createPolygons` (admin, Dashboard:read): registers fields without a polygon id at
     * the satellite provider and stores each id. One failure does not stop the others.
     */
    async createPolygons(auth: AuthContext) {
      if (!can(auth.view.permissions, 'read', 'Dashboard')) throw forbidden();
      const satellite = deps.agro.satellite;
      if (!satellite) throw new AppError(409, AGRO_MESSAGES.satelliteNotConfigured);
      let agroIdsCreated = 0;
      let failed = 0;
      for (const field of await deps.agroFields.fieldsWithoutAgroId(POLYGONS_PER_CALL)) {
        try {
          const agroId = await satellite.registerField({
            uuid: field.uuid,
            title: field.title,
            ring: field.polygon,
            lat: field.centroidLat,
            lng: field.centroidLng,
            agroId: null,
          });
          if (await deps.agroFields.setAgroId(field.id, agroId)) agroIdsCreated += 1;
        } catch (error) {
          failed += 1;
          deps.logger.warn({ field: field.uuid, reason: (error as Error).message }, 'polygon not registered');
        }
      }
      return { agroIdsCreated, failed };
    },
  };
}
export type AgroService = ReturnType<typeof createAgroService>;
