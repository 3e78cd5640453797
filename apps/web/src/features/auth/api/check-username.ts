import { availabilityResponseSchema, type Availability } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** POST /user/check/username → {available}. Rate-limited on the server (429 possible). */
export function checkUsername(username: string, signal?: AbortSignal): Promise<Availability> {
  return api.post(
    '/user/check/username',
    { username },
    { schema: availabilityResponseSchema, ...(signal ? { signal } : {}) },
  );
}

export const usernameAvailabilityQuery = (username: string) =>
  queryOptions({
    queryKey: ['availability', 'username', username] as const,
    queryFn: ({ signal }) => checkUsername(username, signal),
    staleTime: 30_000,
    retry: false,
  });

/** The check for a value, or nothing while `username` is null (too short, invalid, unchanged). */
export function useUsernameAvailability(username: string | null) {
  return useQuery({ ...usernameAvailabilityQuery(username ?? ''), enabled: username !== null });
}
