import { type GamePage } from '@casino/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '../hooks/use-viewer';
import { gamePageGuard } from './game-guards';
import { accumulatingGamesOptions, nextGamePage } from './paging';

/** GET /endo-game/list: Endorphina's games a page at a time, with the page counts. */
export const endorphinaGamesOptions = accumulatingGamesOptions<GamePage>({
  provider: 'endorphina',
  path: '/endo-game/list',
  schema: gamePageGuard,
  next: (last, page) => nextGamePage(page, last.data.length, last.totalPages, last.limit),
});

export function useEndorphinaGames() {
  return useInfiniteQuery(endorphinaGamesOptions(useViewer()));
}
