// A field's vineyard types and limits without the schemas: the web's field screens read these, and
// importing them from field.ts would bring zod's schema code onto every screen that shows a field.

/** Vineyard type (usedFor): 1 Vinification, 2 Table Grape, 3 Raisin Grape; default 1. */
export const VINEYARD_TYPES = { 1: 'Vinification', 2: 'Table Grape', 3: 'Raisin Grape' } as const;
export type VineyardType = keyof typeof VINEYARD_TYPES;
export const DEFAULT_VINEYARD_TYPE: VineyardType = 1;
export const OTHER_VINEYARD_TYPE_LABEL = 'Other';

/** Label of a vineyard type; any other value (stored data may hold one) reads "Other". */
export function vineyardTypeLabel(value: unknown): string {
  const key = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return key === 1 || key === 2 || key === 3 ? VINEYARD_TYPES[key] : OTHER_VINEYARD_TYPE_LABEL;
}

export const FIELD_LIMITS = {
  titleCreate: { min: 1, max: 200 },
  titleEdit: { min: 3, max: 50 },
  avgPlantHeightCreate: { min: 0, max: 100, step: 0.1 },
  /** The edit form's range is 0 to 500, with a minimum of 0.5 applied on input. */
  avgPlantHeightEdit: { min: 0.5, max: 500, step: 0.1 },
  age: { min: 0, max: 2000, step: 1 },
  altitude: { min: 0, max: 2000 },
  slope: { min: 0, max: 100 },
  /** The edit form raises values below 1 to 1 when it loads a field. */
  editLoadMinimum: 1,
  varietyMaxLength: 100,
  polygonMinPositions: 4,
  polygonMaxPositions: 10_000,
  /** A field's area: at least 1 m², at most 10,000 hectares (checked on the server, warned while drawing). */
  areaMinSquareMetres: 1,
  areaMaxSquareMetres: 10_000 * 10_000,
} as const;

export const POLYGON_TOO_MANY_POSITIONS = `A field boundary can have at most ${FIELD_LIMITS.polygonMaxPositions.toLocaleString('en-US')} points`;
