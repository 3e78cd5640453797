import type { ProviderList, ProviderSlug } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, type ResponseSchema } from '../../../shared/lib/api-client';
import { gamesErrorCodes, isProviderSlug } from '../catalog';

/**
 * The answer of GET /games/providers, checked by hand instead of with the contract's
 * providerListSchema: the sidebar asks for it on every page, and zod stays out of the first
 * download. A provider this build does not know is left out; any other shape is refused.
 */
export const providerListGuard: ResponseSchema<ProviderList> = {
  parse(data: unknown): ProviderList {
    const list = (data as { data?: unknown } | null)?.data;
    if (!Array.isArray(list)) throw new Error('providers: data is not a list');
    const providers = list
      .map((entry) => (entry as { provider?: unknown } | null)?.provider)
      .filter(isProviderSlug);
    return { data: providers.map((provider) => ({ provider })) };
  },
};

/** GET /games/providers: the providers the operator runs, in navigation order. */
export function fetchProviderList(signal?: AbortSignal): Promise<ProviderList> {
  return api.get('/games/providers', { schema: providerListGuard, signal });
}

/**
 * The same for every player (the operator's set-up), so not keyed by viewer. The app's caching
 * of SPEC §7 applies: fresh 5 minutes, kept 10, one retry.
 */
export const providerListOptions = queryOptions({
  queryKey: ['games', 'providers'] as const,
  queryFn: ({ signal }) => fetchProviderList(signal),
});

/**
 * The providers the lobby shows, in the operator's order, or undefined while that is not known
 * (the list is loading, or it failed): then every provider shows, as before a provider could
 * be switched off, so a failed call never hides a provider that runs.
 */
export function useRunningProviders(): readonly ProviderSlug[] | undefined {
  return useQuery({ ...providerListOptions, select: providerSlugsOf }).data;
}

// At module level, so the query keeps one array per answer instead of one per render.
const providerSlugsOf = (list: ProviderList): ProviderSlug[] =>
  list.data.map((entry) => entry.provider);

/** Whether the lobby shows `provider`: yes unless the known list leaves it out. */
export function isProviderRunning(
  providers: readonly ProviderSlug[] | undefined,
  provider: ProviderSlug,
): boolean {
  return providers === undefined || providers.includes(provider);
}

/** A provider's own endpoint answered that the operator switched it off (404). */
export function isProviderDisabled(error: unknown): boolean {
  return isApiError(error) && error.code === gamesErrorCodes.PROVIDER_DISABLED;
}
