import { QueryClient } from '@tanstack/react-query';

/** The query key of the signed-in user; `null` in the cache means signed out. */
export const USER_QUERY_KEY = ['user'] as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
