import { type Game } from '@casino/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '../hooks/use-viewer';
import { gameListGuard } from './game-guards';
import { accumulatingGamesOptions, nextGamePage } from './paging';

/**
 * GET /pragmatic/list: Pragmatic Play's games a page at a time, a plain list ("list in data").
 * The answer carries no page count, so a short page is the last one.
 */
export const pragmaticGamesOptions = accumulatingGamesOptions<Game[]>({
  provider: 'pragmatic',
  path: '/pragmatic/list',
  schema: gameListGuard,
  next: (last, page) => nextGamePage(page, last.length),
});

export function usePragmaticGames() {
  return useInfiniteQuery(pragmaticGamesOptions(useViewer()));
}
