import {
  limits,
  type GameCategory,
  type GamePage,
  type GameSort,
  type ProviderSlug,
} from '@casino/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { useViewer } from '../hooks/use-viewer';
import { gamePageGuard } from './game-guards';
import { nextGamePage } from './paging';

/** The filters of GET /total/games (the casino page, home, search and /other). */
export interface TotalGamesFilter {
  sort?: GameSort | undefined;
  search?: string | undefined;
  category?: GameCategory | undefined;
  provider?: ProviderSlug | undefined;
  limit?: number | undefined;
}

/** GET /total/games: one page of the combined list. */
export function fetchTotalGames(
  filter: TotalGamesFilter,
  page: number,
  signal?: AbortSignal,
): Promise<GamePage> {
  const search = filter.search?.trim();
  return api.get('/total/games', {
    query: {
      currency: limits.currency,
      page,
      limit: filter.limit ?? limits.gamePageSize,
      sort: filter.sort ?? 'all',
      search: search || undefined,
      category: filter.category,
      provider: filter.provider,
    },
    schema: gamePageGuard,
    signal,
  });
}

const totalGamesKey = (filter: TotalGamesFilter, viewer: string) =>
  [
    'games',
    'total',
    {
      sort: filter.sort ?? 'all',
      search: filter.search?.trim() ?? '',
      category: filter.category ?? null,
      provider: filter.provider ?? null,
      limit: filter.limit ?? limits.gamePageSize,
      viewer,
    },
  ] as const;

/** The first page only (top games, the sections of /other and search). */
export const totalGamesQueryOptions = (filter: TotalGamesFilter, viewer: string) =>
  queryOptions({
    queryKey: [...totalGamesKey(filter, viewer), 'first'] as const,
    queryFn: ({ signal }) => fetchTotalGames(filter, 1, signal),
  });

/** Pages 1, 2, … accumulated ("Add More Games", "Load More"). */
export const totalGamesInfiniteOptions = (filter: TotalGamesFilter, viewer: string) =>
  infiniteQueryOptions({
    queryKey: [...totalGamesKey(filter, viewer), 'pages'] as const,
    queryFn: ({ pageParam, signal }) => fetchTotalGames(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: GamePage, _all, page: number) =>
      nextGamePage(page, last.data.length, last.totalPages, last.limit),
  });

export function useTotalGames(filter: TotalGamesFilter, enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...totalGamesQueryOptions(filter, viewer), enabled });
}

export function useTotalGamesPages(filter: TotalGamesFilter, enabled = true) {
  const viewer = useViewer();
  return useInfiniteQuery({ ...totalGamesInfiniteOptions(filter, viewer), enabled });
}
