import {
  ErrorCode,
  gamesErrorCodes,
  type LaunchResponse,
  type ProviderSlug,
} from '@casino/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { ProviderError, type LaunchLanguage, type ProviderAdapter } from '../providers';
import type { CatalogRepository } from './catalog-repository';
import type { LaunchRepository } from '../game-sessions';
import { newLaunchToken } from '../game-sessions';
import { providerDisabled } from './offered-providers';

export interface LaunchInput {
  provider: ProviderSlug;
  /** The provider's game id (or ours). */
  gameRef: string;
  /** The signed-in player, or null for a guest. */
  player: { id: string; sessionId?: string } | null;
  currency: 'USD';
  language: LaunchLanguage;
}

export interface LaunchService {
  launch(input: LaunchInput): Promise<LaunchResponse>;
}

export interface LaunchServiceDeps {
  /** The adapters of the providers the operator runs; none for a provider that is off. */
  adapters: Readonly<Partial<Record<ProviderSlug, ProviderAdapter>>>;
  catalog: CatalogRepository;
  launches: LaunchRepository;
  clock: Clock;
  logger: Logger;
  tokenTtlSeconds: number;
  /** Where a game's "Lobby" button leads: the provider's page of our site. */
  lobbyUrl: (provider: ProviderSlug) => string;
}

const gameNotFound = () =>
  new AppError(
    404,
    gamesErrorCodes.GAME_NOT_FOUND,
    'This game does not exist or is not available.',
  );

/**
 * A signed-in player gets a real-money launch with a fresh opaque launch token; a guest gets
 * the demo. A game without a demo asks a guest to sign in (401) rather than pretending it
 * does not exist: the web app opens its login modal on a guest's click anyway.
 */
export function createLaunchService(deps: LaunchServiceDeps): LaunchService {
  async function providerUrl(
    adapter: ProviderAdapter,
    request: Parameters<ProviderAdapter['launchUrl']>[0],
  ): Promise<string> {
    try {
      return await adapter.launchUrl(request);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.failure === 'game-not-found') throw gameNotFound();
      const level = error.failure === 'unavailable' ? 'warn' : 'error';
      deps.logger[level](
        { err: error, provider: adapter.slug },
        'game launch failed at the provider',
      );
      throw new AppError(
        503,
        gamesErrorCodes.PROVIDER_UNAVAILABLE,
        'The game provider is not available right now. Please try again later.',
        undefined,
        30,
      );
    }
  }

  return {
    async launch(input) {
      const adapter = deps.adapters[input.provider];
      if (!adapter) throw providerDisabled();
      const game = await deps.catalog.findEnabled(input.provider, input.gameRef);
      if (!game) throw gameNotFound();
      // The page that opens the game is headed by its title in the player's language.
      const name = game.names?.[input.language] ?? game.name;
      const base = {
        providerGameId: game.providerGameId,
        demoUrl: game.demoUrl,
        currency: input.currency,
        language: input.language,
        lobbyUrl: deps.lobbyUrl(input.provider),
      };

      if (!input.player) {
        if (!game.hasDemo) {
          throw new AppError(
            401,
            ErrorCode.UNAUTHORIZED,
            'Sign in to play this game: it has no demo.',
          );
        }
        return {
          url: await providerUrl(adapter, { ...base, mode: 'demo' }),
          mode: 'demo',
          name,
        };
      }

      if (!game.hasReal) throw gameNotFound();
      // A game blocked in the player's country is, for them, a game that does not exist
      // (decision 089); a guest's demo is not checked: a guest's country is not known.
      if (game.blockedCountries.length > 0) {
        const country = await deps.catalog.countryOf(input.player.id);
        if (country !== null && game.blockedCountries.includes(country)) throw gameNotFound();
      }
      const now = deps.clock.now();
      const { token, hash } = newLaunchToken();
      const url = await providerUrl(adapter, {
        ...base,
        mode: 'real',
        token,
        playerId: input.player.id,
      });
      // Stored once the provider accepted the launch, before the browser can use the URL.
      await deps.launches.recordLaunch({
        tokenHash: hash,
        userId: input.player.id,
        gameId: game.id,
        provider: input.provider,
        currency: input.currency,
        sessionId: input.player.sessionId ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.tokenTtlSeconds * 1000),
      });
      return { url, mode: 'real', name };
    },
  };
}
