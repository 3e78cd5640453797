import { availabilityResponseSchema, type Availability } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** POST /user/check/email → {available}. Rate-limited on the server (429 possible). */
export function checkEmail(email: string, signal?: AbortSignal): Promise<Availability> {
  return api.post(
    '/user/check/email',
    { email },
    { schema: availabilityResponseSchema, ...(signal ? { signal } : {}) },
  );
}

export const emailAvailabilityQuery = (email: string) =>
  queryOptions({
    queryKey: ['availability', 'email', email] as const,
    queryFn: ({ signal }) => checkEmail(email, signal),
    staleTime: 30_000,
    retry: false,
  });

/** The check for a value, or nothing while `email` is null (too short, invalid, unchanged). */
export function useEmailAvailability(email: string | null) {
  return useQuery({ ...emailAvailabilityQuery(email ?? ''), enabled: email !== null });
}
