import { api } from '../../../lib/api-client.ts';

/** Every failure is silent (spec section 8): the card says "Information not available" instead. */
const SILENT = [0, 400, 401, 403, 404, 409, 429, 500, 502, 503, 504];

/** `{ data: T | null }` from an agro endpoint; null (not an alert) when anything goes wrong. */
export async function agroRequest<T>(path: string): Promise<T | null> {
  try {
    return (await api.get<{ data: T | null }>(path, { handledStatuses: SILENT })).data;
  } catch {
    return null;
  }
}

/** Weather changes slowly and the server caches per place: no refetch storms. */
export const AGRO_STALE_MS = 5 * 60_000;
