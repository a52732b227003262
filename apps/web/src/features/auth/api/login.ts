import type { LoginInput, UserView } from '@ampelos/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A 401 here is "Incorrect e-mail or password", shown by the form itself. */
export const login = (input: LoginInput) =>
  api.post<{ user: UserView }>('/user/login', input, { keepAuthOn401: true, handledStatuses: [401] });

export function useLogin() {
  return useMutation({
    mutationFn: login,
    // A full reload so every query starts from the new session.
    onSuccess: () => window.location.assign('/'),
  });
}
