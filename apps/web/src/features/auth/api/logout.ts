import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const logout = () => api.get<{ msg: string }>('/user/logout');

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => window.location.assign('/login'),
  });
}
