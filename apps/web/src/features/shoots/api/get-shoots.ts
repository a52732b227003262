import type { ShootsAnswer } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every shoots query starts with this key. */
export const SHOOTS_QUERY_KEY = ['shoots'] as const;

/** `GET /api/shoots`: the shoots the caller may see, the needs-assignment count, reports awaiting a shoot. */
export function getShoots(): Promise<ShootsAnswer> {
  return api.get<ShootsAnswer>('/shoots');
}

export const shootsQueryOptions = queryOptions({ queryKey: SHOOTS_QUERY_KEY, queryFn: getShoots });

export function useShoots() {
  return useQuery(shootsQueryOptions);
}
