import { z } from 'zod';
import { AGRO_MESSAGES } from './agro-messages.ts';

export { AGRO_MESSAGES };

const latitude = z.coerce.number().finite().min(-90).max(90);
const longitude = z.coerce.number().finite().min(-180).max(180);

/** `?lat=&lng=` of `GET /weather` and `GET /agro/getWeatherForecastData`. */
export const agroPointQuerySchema = z.object({ lat: latitude, lng: longitude });

/**
 * `GET /agro/getSoilData` and `GET /agro/getSatelliteImgsData`: the field by our uuid or by the
 * spec's `agroId` (its polygon id at the satellite provider). `dateStart` is accepted for the spec's
 * callers; the answer is the latest reading.
 */
export const agroFieldQuerySchema = z
  .object({
    fieldUuid: z.string().trim().uuid({ error: 'Field not found' }).optional(),
    // The provider's ids are letters, digits and dashes; anything else (a NUL byte, which
    // PostgreSQL refuses in text and answered 500 under wapiti) is no field at all.
    agroId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[\w.-]+$/, 'Field not found')
      .optional(),
    dateStart: z.string().max(40).optional(),
  })
  .refine((query) => query.fieldUuid !== undefined || query.agroId !== undefined, {
    message: 'Field not found',
    path: ['fieldUuid'],
  });
export type AgroFieldQuery = z.infer<typeof agroFieldQuerySchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Invalid date' });
const satelliteIndex = z.enum(['ndwi', 'evi2', 'ndvi']);

/** `GET /agro/index-image`: a field's index over its outline on one acquisition day (PNG). */
export const agroIndexImageQuerySchema = z.object({
  fieldUuid: z.string().trim().uuid({ error: 'Field not found' }),
  date: isoDay,
  index: satelliteIndex,
});
export type AgroIndexImageQuery = z.infer<typeof agroIndexImageQuerySchema>;

/** `GET /agro/index-change`: the change of an index between two acquisition days (PNG). */
export const agroIndexChangeQuerySchema = z.object({
  fieldUuid: z.string().trim().uuid({ error: 'Field not found' }),
  from: isoDay,
  to: isoDay,
  index: satelliteIndex,
});
export type AgroIndexChangeQuery = z.infer<typeof agroIndexChangeQuerySchema>;
