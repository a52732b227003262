import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteAccount = (input: { email: string }) =>
  api.put<{ msg: string }>('/user/delete/account', input);

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => window.location.assign('/login'),
  });
}
