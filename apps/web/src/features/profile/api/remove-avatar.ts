import type { UserView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../../lib/react-query.ts';

export const removeAvatar = () => api.put<{ user: UserView }>('/user/update/avatar', { avatar: null });

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: ({ user }) => queryClient.setQueryData(USER_QUERY_KEY, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
