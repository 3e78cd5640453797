import { limits, type Game } from '@casino/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { useViewer } from '../hooks/use-viewer';
import { gameListGuard } from './game-guards';
import { nextGamePage } from './paging';

/** GET /pragmatic/list: one page of Pragmatic Play's games, a plain list ("list in data"). */
export function fetchPragmaticGames(page: number, signal?: AbortSignal): Promise<Game[]> {
  return api.get('/pragmatic/list', {
    query: { currency: limits.currency, page, limit: limits.gamePageSize },
    schema: gameListGuard,
    signal,
  });
}

/**
 * Accumulating pages (SPEC §2: "Add More Games", up to page 10). The answer carries no page
 * count, so a short page is the last one.
 */
export const pragmaticGamesOptions = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: ['games', 'pragmatic', { viewer }] as const,
    queryFn: ({ pageParam, signal }) => fetchPragmaticGames(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Game[], _all, page: number) => nextGamePage(page, last.length),
  });

export function usePragmaticGames() {
  return useInfiniteQuery(pragmaticGamesOptions(useViewer()));
}
