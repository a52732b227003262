import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../../lib/react-query.ts';

export const uploadAvatar = (file: File) => {
  const body = new FormData();
  body.append('avatar', file);
  return api.post<{ avatar: { xs: string | null; md: string | null } }>('/user/avatar/upload', body);
};

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
