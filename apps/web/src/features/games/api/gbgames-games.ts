import { limits, type Game } from '@casino/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { useViewer } from '../hooks/use-viewer';
import { gameMapGuard } from './game-guards';

/**
 * GET /provider2-game/list/USD/EN: one page of GB Games' games. The answer is an object whose
 * values are the games in display order; the guard turns it into a list.
 */
export function fetchGbGames(page: number, signal?: AbortSignal): Promise<Game[]> {
  return api.get(`/provider2-game/list/${limits.currency}/EN`, {
    query: { page },
    schema: gameMapGuard,
    signal,
  });
}

/** One page at a time: this list replaces its results instead of accumulating (SPEC §2). */
export const gbGamesOptions = (page: number, viewer: string) =>
  queryOptions({
    queryKey: ['games', 'gbgames', { page, viewer }] as const,
    queryFn: ({ signal }) => fetchGbGames(page, signal),
  });

export function useGbGames(page: number) {
  return useQuery({ ...gbGamesOptions(page, useViewer()), placeholderData: keepPreviousData });
}
