import type { ProfileUpdateInput, UserView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../../lib/react-query.ts';

/** A 400 gets the form's own "Please verify the data". */
export const updateProfile = (input: ProfileUpdateInput) =>
  api.put<{ user: UserView }>('/user/update', input, { handledStatuses: [400] });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
