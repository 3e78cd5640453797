import type { TwoFactorStatus } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseSchema } from '../../../shared/lib/api-client';

/** twoFactorStatusSchema checked by hand: this module is reachable from the shell's entry. */
const statusGuard: ResponseSchema<TwoFactorStatus> = {
  parse(data) {
    const value = data as Partial<Record<keyof TwoFactorStatus, unknown>> | null;
    if (
      typeof value !== 'object' ||
      value === null ||
      typeof value.enabled !== 'boolean' ||
      (value.enabled_at !== null && typeof value.enabled_at !== 'string') ||
      typeof value.recovery_codes_left !== 'number'
    ) {
      throw new TypeError('Unexpected two-factor status response');
    }
    return {
      enabled: value.enabled,
      enabled_at: value.enabled_at,
      recovery_codes_left: value.recovery_codes_left,
    };
  },
};

/** GET /user/two-factor: is it on, and how many recovery codes are left. */
export function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get('/user/two-factor', { schema: statusGuard, ...(signal ? { signal } : {}) });
}

/** Per player: the profile card, the e-mail change and the withdrawal forms read it. */
export const twoFactorStatusOptions = (userId: string) =>
  queryOptions({
    queryKey: ['auth', 'two-factor', userId] as const,
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
    staleTime: 30_000,
  });

/** Whether the signed-in player has two-factor sign-in on (false while unknown). */
export function useTwoFactorStatus(userId: string | undefined) {
  return useQuery({ ...twoFactorStatusOptions(userId ?? ''), enabled: userId !== undefined });
}
