import { z } from 'zod';
import {
  DEFAULT_VINEYARD_TYPE,
  FIELD_LIMITS,
  POLYGON_TOO_MANY_POSITIONS,
  type VineyardType,
} from './field-limits.ts';
import { MESSAGES } from './messages.ts';

export {
  DEFAULT_VINEYARD_TYPE,
  FIELD_LIMITS,
  OTHER_VINEYARD_TYPE_LABEL,
  POLYGON_TOO_MANY_POSITIONS,
  VINEYARD_TYPES,
  type VineyardType,
  vineyardTypeLabel,
} from './field-limits.ts';

/** Number inputs give strings: a non-empty numeric string is read as a number, anything else left as is. */
const rangedNumber = (min: number, max: number, message: string, step?: number) => {
  let schema = z.number({ error: message }).min(min, message).max(max, message);
  if (step !== undefined) schema = schema.multipleOf(step, message);
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    schema,
  );
};

/** Field title at creation: 1 to 200 characters. */
export const fieldTitleCreateSchema = z
  .string({ error: MESSAGES.fieldTitleSignUp })
  .trim()
  .min(FIELD_LIMITS.titleCreate.min, MESSAGES.fieldTitleSignUp)
  .max(FIELD_LIMITS.titleCreate.max, MESSAGES.fieldTitleSignUp);

/** Field title when edited: 3 to 50 characters. */
export const fieldTitleEditSchema = z
  .string({ error: MESSAGES.fieldTitleEdit })
  .trim()
  .min(FIELD_LIMITS.titleEdit.min, MESSAGES.fieldTitleEdit)
  .max(FIELD_LIMITS.titleEdit.max, MESSAGES.fieldTitleEdit);

export const avgPlantHeightCreateSchema = rangedNumber(0, 100, MESSAGES.avgPlantHeight, 0.1);
export const avgPlantHeightEditSchema = rangedNumber(0.5, 500, MESSAGES.avgPlantHeightEdit, 0.1);
export const ageSchema = rangedNumber(0, 2000, MESSAGES.age, 1);
export const altitudeSchema = rangedNumber(0, 2000, MESSAGES.altitude);
export const slopeSchema = rangedNumber(0, 100, MESSAGES.slope);

export const vineyardTypeSchema = z
  .preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    z.literal([1, 2, 3], { error: MESSAGES.vineyardType }),
  )
  .optional()
  .transform((value): VineyardType => value ?? DEFAULT_VINEYARD_TYPE);

/** Variety: read-only text chosen from the variety list, or empty. */
export const varietySchema = z
  .string({ error: MESSAGES.variety })
  .trim()
  .max(FIELD_LIMITS.varietyMaxLength, MESSAGES.variety)
  .nullish()
  .transform((value) => (value ? value : null));

/** A position of the ring: [longitude, latitude]. */
export const lngLatSchema = z.tuple(
  [
    z
      .number({ error: MESSAGES.polygonCoordinates })
      .min(-180, MESSAGES.polygonCoordinates)
      .max(180, MESSAGES.polygonCoordinates),
    z
      .number({ error: MESSAGES.polygonCoordinates })
      .min(-90, MESSAGES.polygonCoordinates)
      .max(90, MESSAGES.polygonCoordinates),
  ],
  { error: MESSAGES.polygonCoordinates },
);
export type LngLat = [number, number];

/**
 * The field's polygon: a closed ring of [lng, lat] positions (first equals last), at least 4 positions
 * (a triangle plus the closing one). Missing, too short or open reads
 * "You need to draw a polygon of your field to save it".
 */
export const polygonPointsSchema = z
  .array(lngLatSchema, { error: MESSAGES.polygonRequired })
  .min(FIELD_LIMITS.polygonMinPositions, MESSAGES.polygonRequired)
  .max(FIELD_LIMITS.polygonMaxPositions, POLYGON_TOO_MANY_POSITIONS)
  .refine(
    (ring) => {
      const first = ring[0];
      const last = ring[ring.length - 1];
      return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
    },
    { message: MESSAGES.polygonRequired, abort: true },
  );

/** Where the map was when the field was drawn. */
export const mapDisplaySchema = z.strictObject(
  {
    lat: z.number({ error: MESSAGES.mapDisplay }).min(-90, MESSAGES.mapDisplay).max(90, MESSAGES.mapDisplay),
    lng: z
      .number({ error: MESSAGES.mapDisplay })
      .min(-180, MESSAGES.mapDisplay)
      .max(180, MESSAGES.mapDisplay),
    zoom: z.number({ error: MESSAGES.mapDisplay }).min(0, MESSAGES.mapDisplay).max(24, MESSAGES.mapDisplay),
  },
  { error: MESSAGES.mapDisplay },
);
export type MapDisplay = z.infer<typeof mapDisplaySchema>;

/** Region and country of the field (from reverse geocoding); optional. */
export const fieldLocationSchema = z
  .strictObject({
    region: z.string().trim().max(100).nullish(),
    country: z.string().trim().max(100).nullish(),
  })
  .nullish();

/**
 * New field (the form). The area, centroid and location are computed by the server from the polygon,
 * never taken from the client: sending them is refused as unknown keys.
 */
export const fieldCreateSchema = z.strictObject({
  title: fieldTitleCreateSchema,
  variety: varietySchema,
  usedFor: vineyardTypeSchema,
  age: ageSchema,
  altitude: altitudeSchema,
  slope: slopeSchema,
  avgPlantHeight: avgPlantHeightCreateSchema,
  polygonPoints: polygonPointsSchema,
  mapDisplay: mapDisplaySchema,
});
export type FieldCreateInput = z.input<typeof fieldCreateSchema>;
export type FieldCreate = z.output<typeof fieldCreateSchema>;

export const FIELD_AVATAR_URL_MAX_LENGTH = 500;

/** The map snapshot's renditions, as `POST /field/avatar/upload` returned them. */
export const fieldAvatarSchema = z.strictObject({
  md: z.string().max(FIELD_AVATAR_URL_MAX_LENGTH),
  xs: z.string().max(FIELD_AVATAR_URL_MAX_LENGTH),
});

/** `POST /field/create` body: the form plus the optional avatar. */
export const fieldCreateBodySchema = fieldCreateSchema.extend({ avatar: fieldAvatarSchema.nullish() });
export type FieldCreateBody = z.output<typeof fieldCreateBodySchema>;

/** Edit field form: the polygon is not edited here. */
export const fieldUpdateSchema = z.strictObject({
  title: fieldTitleEditSchema,
  variety: varietySchema,
  usedFor: vineyardTypeSchema,
  age: ageSchema,
  altitude: altitudeSchema,
  slope: slopeSchema,
  avgPlantHeight: avgPlantHeightEditSchema,
});
export type FieldUpdateInput = z.input<typeof fieldUpdateSchema>;
export type FieldUpdate = z.output<typeof fieldUpdateSchema>;

export const fieldUuidSchema = z.uuid({ error: 'Field not found' });

/** `POST /field/update` body: which field, plus the edit form. */
export const fieldUpdateBodySchema = fieldUpdateSchema.extend({ uuid: fieldUuidSchema });
export type FieldUpdateBody = z.output<typeof fieldUpdateBodySchema>;

/** `POST /field/delete` body. */
export const fieldDeleteSchema = z.strictObject({ uuid: fieldUuidSchema });

/** `POST /reports/download/kml` body: the field's numeric id or its uuid. */
export const kmlDownloadSchema = z.strictObject({
  fieldId: z.union([z.number().int().positive().max(2_147_483_647), fieldUuidSchema], {
    error: 'fieldId must be a field id or uuid',
  }),
});

/** Edit form on load: values below 1 (or missing) are raised to 1. */
export function editFieldValueOnLoad(value: number | null | undefined): number {
  if (value === null || value === undefined || Number.isNaN(value)) return FIELD_LIMITS.editLoadMinimum;
  return Math.max(FIELD_LIMITS.editLoadMinimum, value);
}

/** Edit form: the plant height input raises values below 0.5 to 0.5. */
export function applyPlantHeightEditMinimum(value: number): number {
  if (Number.isNaN(value)) return FIELD_LIMITS.avgPlantHeightEdit.min;
  return Math.max(FIELD_LIMITS.avgPlantHeightEdit.min, value);
}

export const DELETE_FIELD_WARNING = MESSAGES.deleteFieldWarning;

/** The delete button is enabled only when the typed text equals the field title exactly. */
export function deleteFieldConfirmationMatches(typed: string, title: string): boolean {
  return typed === title;
}

/** Delete account: the typed e-mail must equal the user's e-mail (case and surrounding spaces ignored). */
export function deleteAccountConfirmationMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
