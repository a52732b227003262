import type { UserView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client.ts';
import { USER_QUERY_KEY } from './react-query.ts';

/** The session probe: a 401 means "signed out", answered as `null`. */
export async function getUser(): Promise<UserView | null> {
  try {
    return await api.get<UserView>('/user', { keepAuthOn401: true, handledStatuses: [401] });
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
