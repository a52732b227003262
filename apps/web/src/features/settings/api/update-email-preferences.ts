import type { UserView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../../lib/react-query.ts';

export interface EmailPreferencesInput {
  firstName: string;
  lastName: string;
  marketingOptIn: boolean;
}

/** The profile update call with the names unchanged and only the opt-in flipped. */
export const updateEmailPreferences = (input: EmailPreferencesInput) =>
  api.put<{ user: UserView }>('/user/update', input);

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: ({ user }) => queryClient.setQueryData(USER_QUERY_KEY, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
