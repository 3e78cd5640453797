import { availabilityResponseSchema, type Availability } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** The two values a player picks that must not be someone else's. */
export type AvailabilityKind = 'username' | 'email';

/**
 * POST /user/check/username or /user/check/email → {available}; the body names the value by its
 * kind (`{username}`, `{email}`). Rate-limited on the server (429 possible).
 */
export function checkAvailability(
  kind: AvailabilityKind,
  value: string,
  signal?: AbortSignal,
): Promise<Availability> {
  return api.post(
    `/user/check/${kind}`,
    { [kind]: value },
    { schema: availabilityResponseSchema, ...(signal ? { signal } : {}) },
  );
}

export const availabilityQuery = (kind: AvailabilityKind, value: string) =>
  queryOptions({
    queryKey: ['availability', kind, value] as const,
    queryFn: ({ signal }) => checkAvailability(kind, value, signal),
    staleTime: 30_000,
    retry: false,
  });

/** The check for a value, or nothing while `value` is null (too short, invalid, unchanged). */
export function useAvailabilityQuery(kind: AvailabilityKind, value: string | null) {
  return useQuery({ ...availabilityQuery(kind, value ?? ''), enabled: value !== null });
}
