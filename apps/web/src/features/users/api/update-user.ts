import type { ProfileUpdateInput, UserAdminView, UserView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users.ts';

export type UserUpdateInput = Omit<ProfileUpdateInput, 'updateOtherUser' | 'uuid' | 'marketingOptIn'> & {
  uuid: string;
};

/** `PUT /api/user/update` for another user (`updateOtherUser`). A 400 is shown on the form. */
export const updateUser = (input: UserUpdateInput) =>
  api.put<{ user: UserView; data: UserAdminView; msg: string }>(
    '/user/update',
    { ...input, updateOtherUser: true },
    { handledStatuses: [400] },
  );

/** Spec section 4: after the save, success or not, the list and the active user are fetched again. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
