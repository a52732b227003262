import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A 400 means "Current password is not correct", shown by the form. */
export const changePassword = (input: { oldPassword: string; newPassword: string }) =>
  api.put<{ msg: string }>('/user/update/password', input, { handledStatuses: [400] });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
