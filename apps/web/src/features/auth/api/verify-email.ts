import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Failure is shown as the page's own message, so no generic alert for 400/404. */
export const verifyEmail = (token: string) =>
  api.post<{ msg: string }>('/user/verify_email', { token }, { handledStatuses: [400, 404] });

/** A query (not an effect) so the one-time token is sent once, even under StrictMode. */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
