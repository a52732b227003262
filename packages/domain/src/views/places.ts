import { z } from 'zod';

/** Longest place query the search accepts, and most answers it gives. */
export const PLACE_SEARCH_LIMITS = { queryMax: 100, answersDefault: 8, answersMax: 20 } as const;

/** One answer of `GET /places`: a first-level region or a town, where the map should go. */
export const placeMatchSchema = z.strictObject({
  kind: z.enum(['region', 'place']),
  /** The name as stored (English or the local name in Latin letters); regions have Greek labels too. */
  name: z.string(),
  /** ISO 3166-1 alpha-2: the client names the country in the interface language. */
  countryCode: z.string(),
  center: z.strictObject({ lng: z.number(), lat: z.number() }),
  /** [west, south, east, north] of a region; null for a town (the map zooms in on its centre). */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type PlaceMatch = z.infer<typeof placeMatchSchema>;

export const placeSearchViewSchema = z.strictObject({ data: z.array(placeMatchSchema) });
export type PlaceSearchView = z.infer<typeof placeSearchViewSchema>;

export const placeSearchQuerySchema = z.object({
  q: z.string().trim().max(PLACE_SEARCH_LIMITS.queryMax),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PLACE_SEARCH_LIMITS.answersMax)
    .default(PLACE_SEARCH_LIMITS.answersDefault),
});
