import { homeSections, type HomeSection, type LobbyLayout } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseSchema } from '../../../shared/lib/api-client';

/**
 * The answer of GET /games/lobby (issue 30, decision 089), checked by hand like the provider
 * list (zod stays out of the first download). A section this build does not know is left out;
 * one the answer misses keeps its default place at the end, so every section shows once.
 */
export const lobbyLayoutGuard: ResponseSchema<LobbyLayout> = {
  parse(data: unknown): LobbyLayout {
    const list = (data as { sections?: unknown } | null)?.sections;
    if (!Array.isArray(list)) throw new Error('lobby: sections is not a list');
    return { sections: completeOrder(list) };
  },
};

/** Known sections in the given order, each once, then the missing ones in default order. */
export function completeOrder(values: readonly unknown[]): HomeSection[] {
  const known = new Set<HomeSection>();
  for (const value of values) {
    if ((homeSections as readonly unknown[]).includes(value)) known.add(value as HomeSection);
  }
  return [...known, ...homeSections.filter((section) => !known.has(section))];
}

/** GET /games/lobby: the home page's sections in the order staff chose. */
export function fetchLobbyLayout(signal?: AbortSignal): Promise<LobbyLayout> {
  return api.get('/games/lobby', { schema: lobbyLayoutGuard, signal });
}

/** The same for every visitor; the app's caching of SPEC §7 applies (fresh 5 minutes). */
export const lobbyLayoutOptions = queryOptions({
  queryKey: ['games', 'lobby'] as const,
  queryFn: ({ signal }) => fetchLobbyLayout(signal),
});

/**
 * The home sections in order. While the layout loads, or if it failed, the default order:
 * the page never waits for it, and the usual order is what most visitors get anyway.
 */
export function useHomeSections(): readonly HomeSection[] {
  return useQuery(lobbyLayoutOptions).data?.sections ?? homeSections;
}
