import type { UserAnswer, UserCreateInput } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

/**
 * `POST /api/users` (Add User): the new user receives an invitation e-mail. A 400 (field messages) and a
 * 409 (e-mail taken) are shown on the form itself.
 */
export const createUser = (input: UserCreateInput) =>
  api.post<UserAnswer>('/users', input, { handledStatuses: [400, 409] });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
