import type { PlaceSearchView } from '@ampelos/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Regions and towns matching `query` (the server's bundled names: it works without network). */
export const searchPlaces = async (query: string, signal?: AbortSignal): Promise<PlaceSearchView> =>
  api.get<PlaceSearchView>(`/places?q=${encodeURIComponent(query)}`, { signal, handledStatuses: [400] });

export const placesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['places', query],
    queryFn: ({ signal }) => searchPlaces(query, signal),
    // The bundled names never change while the app runs.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Searches once the query has two letters; the previous answers stay while the next one loads. */
export function usePlaceSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    ...placesQueryOptions(trimmed),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
  });
}
