import type { SatelliteIndex } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface IndexImageQuery {
  fieldUuid: string;
  index: SatelliteIndex;
  /** The date shown. */
  date: string;
  /** With a second date: the change from `compareFrom` to `date` instead of the index itself. */
  compareFrom?: string | null;
}

export interface LoadedIndexImage {
  /**
   * The PNG's own same-origin URL for the map's image source (the CSP lets the map fetch only from
   * our origin, not blob: URLs; the answer is cached by the browser, so it is downloaded once).
   */
  url: string;
  meanChange: number | null;
}

/**
 * `GET /api/agro/index-image` or `/api/agro/index-change`: a PNG over the field's bounding box. Null
 * (no alert) when there is none (204): the index image is an extra, the statistics stand without it.
 */
export async function getIndexImage(query: IndexImageQuery): Promise<LoadedIndexImage | null> {
  const params = new URLSearchParams({ fieldUuid: query.fieldUuid, index: query.index });
  if (query.compareFrom) {
    params.set('from', query.compareFrom);
    params.set('to', query.date);
  } else params.set('date', query.date);
  const path = `/agro/${query.compareFrom ? 'index-change' : 'index-image'}?${params}`;
  try {
    // Quiet: any failure shows no image (the empty state), like a 204 (no image for that date).
    const response = await api.response('GET', path, 'image/png', { quiet: true });
    if (response.status === 204) return null;
    const mean = response.headers.get('X-Mean-Change');
    // Read whole so the browser's cache holds it for the map's own request.
    await response.blob();
    return { url: `/api${path}`, meanChange: mean === null ? null : Number(mean) };
  } catch {
    return null;
  }
}

export function useIndexImage(query: IndexImageQuery) {
  return useQuery({
    queryKey: ['agro', 'index-image', query.fieldUuid, query.index, query.date, query.compareFrom ?? null],
    queryFn: () => getIndexImage(query),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
