import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const requestPasswordReset = (input: { email: string }) =>
  api.post<{ msg: string }>('/user/password_reset', input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
