import type { UserView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client.ts';
import { USER_QUERY_KEY } from './react-query.ts';

/**
 * The session probe: signed out answers `null` (the server's anonymous answer to the probe header;
 * a 401, from an older server, reads the same).
 */
export async function getUser(): Promise<UserView | null> {
  try {
    const user = await api.get<UserView | null>('/user', {
      keepAuthOn401: true,
      handledStatuses: [401],
      headers: { 'X-Session-Probe': '1' },
    });
    return user ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getUser,
  staleTime: 5 * 60_000,
});

export function useUser() {
  return useQuery(userQueryOptions);
}
