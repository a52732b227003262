import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** A 400 (bad or expired link) gets the spec's own failure text from the form. */
export const resetPassword = ({ token, password }: ResetPasswordInput) =>
  api.post<{ msg: string }>(
    `/user/password_reset/${encodeURIComponent(token)}`,
    { password },
    { handledStatuses: [400, 404] },
  );

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
