import type { UsersAnswer } from '@ampelos/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every users query (lists and single users) sits under this key, so one invalidation refreshes them. */
export const USERS_QUERY_KEY = ['users'] as const;
export const usersListKey = (firstName: string) => [...USERS_QUERY_KEY, 'list', firstName] as const;

/** `GET /api/users?firstName=`: the users the caller may see, and the roles it may give. */
export const getUsers = (firstName = '') =>
  api.get<UsersAnswer>(firstName ? `/users?firstName=${encodeURIComponent(firstName)}` : '/users');

/** The list for a first-name search; the previous answer stays on screen while the next one loads. */
export function useUsers(firstName: string) {
  const term = firstName.trim();
  return useQuery({
    queryKey: usersListKey(term),
    queryFn: () => getUsers(term),
    placeholderData: keepPreviousData,
  });
}
