import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/client';

/**
 * Queue screens refetch when the window regains focus and every 30 s, so a desk left open shows
 * today's work; a refused call (4xx) is not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
