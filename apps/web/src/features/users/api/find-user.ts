import type { UserAdminView, UserAnswer } from '@ampelos/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export const userDetailKey = (uuid: string) => [...USERS_QUERY_KEY, 'detail', uuid] as const;

/** `POST /api/user/find`: one user by uuid; not visible → 404 "User not found". */
export const findUser = (uuid: string) =>
  api.post<UserAnswer>('/user/find', { id: uuid }, { handledStatuses: [404] }).then((answer) => answer.data);

/**
 * The active user, fetched on its own so an edit refreshes it; the list's copy shows meanwhile.
 * A failure is shown by the caller (the detail pane's alert).
 */
export function useFindUser(uuid: string | null, fromList?: UserAdminView) {
  return useQuery({
    queryKey: userDetailKey(uuid ?? ''),
    queryFn: () => findUser(uuid ?? ''),
    enabled: uuid !== null,
    placeholderData: fromList,
  });
}
