import { z } from 'zod';

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

export const AGRO_MESSAGES = {
  fieldNotFound: 'Field not found',
  satelliteNotConfigured: 'Satellite imagery needs an Agromonitoring key (AGROMONITORING_API_KEY)',
} as const;
