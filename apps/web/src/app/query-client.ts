import { QueryClient } from '@tanstack/react-query';

const minute = 60_000;

/** Caching defaults of SPEC §7: fresh 5 min, kept 10 min, no focus/reconnect refetch, 1 retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * minute,
        gcTime: 10 * minute,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: 1,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
