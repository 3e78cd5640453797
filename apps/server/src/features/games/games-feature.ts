import type { ProviderSlug } from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { providerCallbackRoutes } from '../providers/callback-routes';
import { endorphinaAdapter } from '../providers/endorphina/endorphina-adapter';
import { gbgamesAdapter } from '../providers/gbgames/gbgames-adapter';
import {
  fetchTransport,
  inProcessTransport,
  type HttpTransport,
} from '../providers/http-transport';
import { createLaunchSessions } from '../providers/launch-sessions';
import { createPragmaticGames } from '../providers/pragmatic/catalog-games';
import { pragmaticAdapter } from '../providers/pragmatic/pragmatic-adapter';
import type { ProviderAdapter } from '../providers/provider-adapter';
import {
  anySimulated,
  callbackBaseUrlOf,
  enabledProviders,
  resolveProviderSettings,
  type ProviderSettings,
} from '../providers/provider-settings';
import { simulatedStudios } from '../providers/simulated-studios';
import { createCatalogRepository } from './catalog-repository';
import { catalogRoutes } from './catalog-routes';
import { createCatalogScheduler, type CatalogScheduler } from './catalog-scheduler';
import { createCatalogService } from './catalog-service';
import { createCatalogSync, type CatalogSync } from './catalog-sync';
import { optionalPlayer, type ResolvePlayer } from './current-player';
import { createLaunchRepository } from './launch-repository';
import { launchRoutes } from './launch-routes';
import { offeredProviders } from './offered-providers';
import { createLaunchService } from './launch-service';

/** What the rest of the server (start-up, the sync command, tests) may do with the catalog. */
export interface GameCatalogControl {
  /** Reads every provider's catalog now (the operator command and tests call it). */
  sync: CatalogSync;
  /** The start-up sync and the periodic re-sync (start-server.ts). */
  scheduler: CatalogScheduler;
  settings: ProviderSettings;
  /** The adapters of the providers the operator runs (simulated or external). */
  adapters: Readonly<Partial<Record<ProviderSlug, ProviderAdapter>>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    gameCatalog: GameCatalogControl;
  }
}

export interface GamesFeatureDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Optional sign-in for lists and launches; by default the accounts feature's bearer token. */
  resolvePlayer?: ResolvePlayer;
  /** Replaces how adapters reach providers (tests); by default in-process for a simulated
   * provider's studio, over the network for an external one. */
  transport?: HttpTransport;
}

/**
 * Games and providers: the simulated studios (of the providers in simulated mode), the
 * adapters of the providers the operator runs and every provider's wallet callbacks, the
 * catalog and its sync, the lists and the launches. A provider that is off has no adapter:
 * no sync, no launch, gone from the lists; its callbacks stay, so that its retries of wins
 * and refunds for rounds played before the switch still land (with its secret configured;
 * without one every call is refused).
 */
export async function registerGamesFeature(
  app: FastifyInstance,
  deps: GamesFeatureDeps,
): Promise<void> {
  const { config, db, clock, logger } = deps;
  const settings = resolveProviderSettings(config);
  if (anySimulated(settings)) {
    await app.register(simulatedStudios(settings, callbackBaseUrlOf(config)));
  }
  const offered = offeredProviders(enabledProviders(settings));
  const transportOf = (provider: ProviderSlug) =>
    deps.transport ??
    (settings.modes[provider] === 'simulated'
      ? inProcessTransport(app, settings.studiosUrl)
      : fetchTransport);
  const adapters: Partial<Record<ProviderSlug, ProviderAdapter>> = {
    ...(offered.has('endorphina') && {
      endorphina: endorphinaAdapter(settings.endorphina, transportOf('endorphina')),
    }),
    ...(offered.has('pragmatic') && {
      pragmatic: pragmaticAdapter(settings.pragmatic, transportOf('pragmatic')),
    }),
    ...(offered.has('gbgames') && {
      gbgames: gbgamesAdapter(settings.gbgames, transportOf('gbgames'), clock),
    }),
  };

  const catalogRepository = createCatalogRepository(db, offered.list);
  const launchRepository = createLaunchRepository(db);
  const catalog = createCatalogService({
    repository: catalogRepository,
    clock,
    pageCacheSeconds: config.catalogPageCacheSeconds,
  });
  const sync = createCatalogSync({
    adapters: Object.values(adapters).filter((a) => a !== undefined),
    repository: catalogRepository,
    clock,
    logger,
    onChange: () => catalog.catalogChanged(),
  });
  const scheduler = createCatalogScheduler({
    sync,
    logger,
    // The studios answer at once; a real provider must not hold up start-up.
    awaitFirstSync: offered.list.every((provider) => settings.modes[provider] === 'simulated'),
    intervalMs: config.catalogSyncIntervalMinutes * 60_000,
  });
  app.addHook('onClose', (_instance, done) => {
    scheduler.stop();
    done();
  });
  app.decorate('gameCatalog', { sync, scheduler, settings, adapters });

  const resolvePlayer = deps.resolvePlayer ?? optionalPlayer(app);
  const launches = createLaunchService({
    adapters,
    catalog: catalogRepository,
    launches: launchRepository,
    clock,
    logger,
    tokenTtlSeconds: config.launchTokenTtlSeconds,
    lobbyUrl: (provider) => `${settings.siteUrl}/${provider}`,
  });

  await app.register(providerCallbackRoutes, {
    settings,
    sessions: createLaunchSessions({ launches: launchRepository, clock }),
    clock,
    wallet: app.wallet,
    pragmaticGames: createPragmaticGames(db),
  });
  await app.register(catalogRoutes, { catalog, resolvePlayer, offered });
  await app.register(launchRoutes, { launches, resolvePlayer });
}
