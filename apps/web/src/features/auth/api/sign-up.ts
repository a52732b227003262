import type { SignUpInput } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const signUp = (input: SignUpInput) => api.post<{ msg: string }>('/user/create', input);

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
