/** Exact texts of the agro messages; apart from the schemas so the catalogue's key index stays free of zod. */
export const AGRO_MESSAGES = {
  fieldNotFound: 'Field not found',
  satelliteNotConfigured: 'Satellite imagery needs an Agromonitoring key (AGROMONITORING_API_KEY)',
  indexImageNotAvailable: 'Index image not available',
} as const;
