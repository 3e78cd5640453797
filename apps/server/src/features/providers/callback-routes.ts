import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Ledger } from '../wallet';
import { acceptRawFormBodies } from './callback-params';
import { endorphinaWalletPrefix, endorphinaWalletRoutes } from './endorphina/wallet-routes';
import { gbWalletRoutes } from './gbgames/wallet-routes';
import type { LaunchSessions } from '../game-sessions';
import type { PragmaticGames } from './pragmatic/catalog-games';
import { pragmaticWalletPrefix, pragmaticWalletRoutes } from './pragmatic/wallet-routes';
import type { ProviderSettings } from './provider-settings';

export interface ProviderCallbackOptions {
  settings: ProviderSettings;
  sessions: LaunchSessions;
  clock: Clock;
  /** The only way the callbacks move money. */
  wallet: Ledger;
  /** Our catalog's Pragmatic games, for "game not found or disabled" (8). */
  pragmaticGames?: PragmaticGames;
}

/**
 * The providers' wallet callbacks, in a plugin of their own: the form and raw-JSON body
 * parsers they need are registered here and stay here (Fastify encapsulation), so the rest
 * of the API keeps answering 415 to forms and parsing JSON as before.
 */
export const providerCallbackRoutes: FastifyPluginAsync<ProviderCallbackOptions> = async (
  app,
  { settings, sessions, clock, wallet, pragmaticGames },
) => {
  acceptRawFormBodies(app);
  await app.register(endorphinaWalletRoutes, {
    prefix: endorphinaWalletPrefix,
    settings: settings.endorphina,
    sessions,
    wallet,
    clock,
  });
  await app.register(pragmaticWalletRoutes, {
    prefix: pragmaticWalletPrefix,
    settings: settings.pragmatic,
    sessions,
    wallet,
    clock,
    ...(pragmaticGames ? { games: pragmaticGames } : {}),
  });
  await app.register(gbWalletRoutes, { settings: settings.gbgames, sessions, clock, wallet });
};
