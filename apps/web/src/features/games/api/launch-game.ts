import { limits, type Game, type Language, type LaunchResponse } from '@casino/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { launchGuard } from './game-guards';

/**
 * The launch endpoint of the game's provider (SPEC §7): the server answers `{url, mode}`, a
 * real-money session when the bearer token is sent (a signed-in player), a demo otherwise.
 */
export function launchGame(
  game: Pick<Game, 'provider' | 'gameId'>,
  language: Language,
  signal?: AbortSignal,
): Promise<LaunchResponse> {
  const options = { schema: launchGuard, signal };
  switch (game.provider) {
    case 'endorphina':
      return api.get('/endo-game/launch', {
        ...options,
        query: { currency: limits.currency, gameId: game.gameId, lang: language },
      });
    case 'pragmatic':
      return api.get(
        `/pragmatic/user-auth/${language}/${encodeURIComponent(game.gameId)}`,
        options,
      );
    case 'gbgames':
      return api.get('/provider2-game/launch', {
        ...options,
        query: { gameId: game.gameId, lang: language },
      });
  }
}

export function useLaunchGame() {
  return useMutation({
    mutationFn: ({ game, language }: { game: Game; language: Language }) =>
      launchGame(game, language),
  });
}
