import { randomUUID } from 'node:crypto';
import { can, type FieldCreateBody, type FieldUpdate, fieldScope, type ReportView } from '@ampelos/domain';
import type { ReverseGeocoder } from '../../platform/geo/reverse-geocode.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { keyFromUrl, type Storage } from '../../platform/storage/storage.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { renderFieldAvatar } from './avatar-images.ts';
import { analyseFieldRing } from './geometry.ts';
import type { FieldRepository, FieldViewer, FieldWithOwner } from './repository.ts';

const NOT_FOUND = 'Field not found';
export const FIELD_AVATAR_REFUSED = 'The field image must be one uploaded through /field/avatar/upload';
const AVATAR_PREFIX = 'fields/avatars/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function viewerOf(auth: AuthContext): FieldViewer {
  return { scope: fieldScope(auth.user.role), userId: auth.user.id, companyId: auth.user.companyId };
}

function requirePermission(auth: AuthContext, action: 'create' | 'update' | 'delete') {
  if (!can(auth.view.permissions, action, 'Field')) throw forbidden();
}

function requireRead(auth: AuthContext) {
  if (!can(auth.view.permissions, 'read', 'Fields')) throw forbidden();
}

/** A field with the owner kept only for viewers who see every field (the admin owner table). */
export interface VisibleField extends FieldWithOwner {
  showOwner: boolean;
  /** The field's reports the viewer may see (filled when a report lookup is configured). */
  reports?: ReportView[];
}

/** The commerce feature's lookup of the reports shown with fields. */
export type FieldReportsLookup = (fieldIds: number[], viewerId: number) => Promise<Map<number, ReportView[]>>;

export function createFieldService(deps: {
  fields: FieldRepository;
  storage: Storage;
  geocoder: ReverseGeocoder;
  reports?: FieldReportsLookup;
  /** Told after a field is created (the new_field notification); its failure does not undo the field. */
  onCreated?: (field: FieldWithOwner) => Promise<void>;
}) {
  async function withReports(auth: AuthContext, found: VisibleField[]): Promise<VisibleField[]> {
    if (!deps.reports || found.length === 0) return found;
    const byField = await deps.reports(
      found.map((row) => row.field.id),
      auth.user.id,
    );
    return found.map((row) => ({ ...row, reports: byField.get(row.field.id) ?? [] }));
  }

  async function findVisible(auth: AuthContext, id: string | number): Promise<VisibleField> {
    const viewer = viewerOf(auth);
    const found =
      typeof id === 'number'
        ? await deps.fields.findVisibleById(viewer, id)
        : UUID.test(id)
          ? await deps.fields.findVisibleByUuid(viewer, id)
          : undefined;
    // Someone else's field answers exactly like a missing one.
    if (!found) throw notFound(NOT_FOUND);
    return { ...found, showOwner: viewer.scope === 'all' };
  }

  /** Only renditions this user uploaded through the avatar route, both still in storage. */
  async function checkedAvatar(auth: AuthContext, avatar: FieldCreateBody['avatar']) {
    if (!avatar) return { avatarMd: null, avatarXs: null };
    const own = new RegExp(`^${AVATAR_PREFIX}${auth.user.uuid}/[0-9a-f-]{36}-(md|xs)\\.webp$`);
    const keys = { md: keyFromUrl(avatar.md), xs: keyFromUrl(avatar.xs) };
    for (const size of ['md', 'xs'] as const) {
      const key = keys[size];
      const match = key ? own.exec(key) : null;
      if (!key || match?.[1] !== size || !(await deps.storage.stat(key))) {
        throw badRequest(FIELD_AVATAR_REFUSED, 'avatar');
      }
    }
    return { avatarMd: avatar.md, avatarXs: avatar.xs };
  }

  async function removeAvatarFiles(urls: (string | null)[]) {
    for (const url of urls) {
      const key = keyFromUrl(url);
      if (key?.startsWith(AVATAR_PREFIX)) await deps.storage.delete(key);
    }
  }

  return {
    /** Throws unless the caller may list fields (checked before any cached list is answered). */
    requireList: requireRead,

    async list(auth: AuthContext): Promise<VisibleField[]> {
      requireRead(auth);
      const viewer = viewerOf(auth);
      const rows = await deps.fields.listVisible(viewer);
      return withReports(
        auth,
        rows.map((row) => ({ ...row, showOwner: viewer.scope === 'all' })),
      );
    },

    async get(auth: AuthContext, uuid: string) {
      requireRead(auth);
      const [found] = await withReports(auth, [await findVisible(auth, uuid)]);
      if (!found) throw notFound(NOT_FOUND);
      return found;
    },

    async uploadAvatar(auth: AuthContext, file: Buffer) {
      requirePermission(auth, 'create');
      const { md, xs } = await renderFieldAvatar(file);
      const base = `${AVATAR_PREFIX}${auth.user.uuid}/${randomUUID()}`;
      await deps.storage.put(`${base}-md.webp`, md, 'image/webp');
      await deps.storage.put(`${base}-xs.webp`, xs, 'image/webp');
      return { md: deps.storage.url(`${base}-md.webp`), xs: deps.storage.url(`${base}-xs.webp`) };
    },

    /** The polygon decides area, centroid and location; the owner is the caller, with their company. */
    async create(auth: AuthContext, input: FieldCreateBody): Promise<VisibleField> {
      requirePermission(auth, 'create');
      const analysed = analyseFieldRing(input.polygonPoints);
      if (!analysed.ok) throw badRequest(analysed.message, 'polygonPoints');
      const { ring, area, centroid } = analysed.geometry;
      const avatar = await checkedAvatar(auth, input.avatar);
      const location = await deps.geocoder.reverseGeocode(centroid.lng, centroid.lat);
      const row = await deps.fields.insert({
        ownerId: auth.user.id,
        companyId: auth.user.companyId,
        title: input.title,
        variety: input.variety,
        usedFor: input.usedFor,
        age: input.age,
        altitude: input.altitude,
        slope: input.slope,
        avgPlantHeight: input.avgPlantHeight,
        polygon: ring,
        area,
        centroidLng: centroid.lng,
        centroidLat: centroid.lat,
        mapDisplay: input.mapDisplay,
        region: location.region,
        country: location.country,
        countryCode: location.countryCode,
        ...avatar,
      });
      const { firstName, lastName, email, uuid } = auth.user;
      const created = { field: row, owner: { uuid, firstName, lastName, email } };
      await deps.onCreated?.(created);
      return { ...created, showOwner: viewerOf(auth).scope === 'all' };
    },

    async update(auth: AuthContext, uuid: string, input: FieldUpdate): Promise<VisibleField> {
      requirePermission(auth, 'update');
      const found = await findVisible(auth, uuid);
      const row = await deps.fields.update(found.field.id, {
        title: input.title,
        variety: input.variety,
        usedFor: input.usedFor,
        age: input.age,
        altitude: input.altitude,
        slope: input.slope,
        avgPlantHeight: input.avgPlantHeight,
      });
      return { ...found, field: row };
    },

    async remove(auth: AuthContext, uuid: string) {
      requirePermission(auth, 'delete');
      const { field } = await findVisible(auth, uuid);
      await deps.fields.delete(field.id);
      await removeAvatarFiles([field.avatarMd, field.avatarXs]);
    },
  };
}
export type FieldService = ReturnType<typeof createFieldService>;
