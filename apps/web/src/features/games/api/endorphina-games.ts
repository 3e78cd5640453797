import { limits, type GamePage } from '@casino/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { useViewer } from '../hooks/use-viewer';
import { gamePageGuard } from './game-guards';
import { nextGamePage } from './paging';

/** GET /endo-game/list: one page of Endorphina's games, with the page counts. */
export function fetchEndorphinaGames(page: number, signal?: AbortSignal): Promise<GamePage> {
  return api.get('/endo-game/list', {
    query: { currency: limits.currency, page, limit: limits.gamePageSize },
    schema: gamePageGuard,
    signal,
  });
}

/** Accumulating pages (SPEC §2: "Add More Games", up to page 10). */
export const endorphinaGamesOptions = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: ['games', 'endorphina', { viewer }] as const,
    queryFn: ({ pageParam, signal }) => fetchEndorphinaGames(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: GamePage, _all, page: number) =>
      nextGamePage(page, last.data.length, last.totalPages, last.limit),
  });

export function useEndorphinaGames() {
  return useInfiniteQuery(endorphinaGamesOptions(useViewer()));
}
