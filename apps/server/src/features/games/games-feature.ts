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
import { createLaunchSessions } from '../game-sessions/launch-sessions';
import { createPragmaticGames } from '../providers/pragmatic/catalog-games';
import { pragmaticAdapter } from '../providers/pragmatic/pragmatic-adapter';
import type { ProviderAdapter } from '../providers/provider-adapter';
import {
  callbackBaseUrlOf,
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
import { createLaunchRepository } from '../game-sessions/launch-repository';
import { launchRoutes } from './launch-routes';
import { createLaunchService } from './launch-service';

/** What the rest of the server (start-up, the sync command, tests) may do with the catalog. */
export interface GameCatalogControl {
  /** Reads every provider's catalog now (the operator command and tests call it). */
  sync: CatalogSync;
  /** The start-up sync and the periodic re-sync (start-server.ts). */
  scheduler: CatalogScheduler;
  settings: ProviderSettings;
  adapters: Readonly<Record<ProviderSlug, ProviderAdapter>>;
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
  /** Replaces how adapters reach providers (tests); defaults by PROVIDERS. */
  transport?: HttpTransport;
}

/**
 * Games and providers: the simulated studios (PROVIDERS=simulated), the provider adapters and
 * their wallet callbacks, the catalog and its sync, the lists and the launches.
 */
export async function registerGamesFeature(
  app: FastifyInstance,
  deps: GamesFeatureDeps,
): Promise<void> {
  const { config, db, clock, logger } = deps;
  const settings = resolveProviderSettings(config);
  if (settings.mode === 'simulated') {
    await app.register(simulatedStudios(settings, callbackBaseUrlOf(config)));
  }
  const transport =
    deps.transport ??
    (settings.studiosUrl ? inProcessTransport(app, settings.studiosUrl) : fetchTransport);
  const adapters = {
    endorphina: endorphinaAdapter(settings.endorphina, transport),
    pragmatic: pragmaticAdapter(settings.pragmatic, transport),
    gbgames: gbgamesAdapter(settings.gbgames, transport, clock),
  };

  const catalogRepository = createCatalogRepository(db);
  const launchRepository = createLaunchRepository(db);
  const catalog = createCatalogService({
    repository: catalogRepository,
    clock,
    pageCacheSeconds: config.catalogPageCacheSeconds,
  });
  const sync = createCatalogSync({
    adapters: Object.values(adapters),
    repository: catalogRepository,
    clock,
    logger,
    onChange: () => catalog.catalogChanged(),
  });
  const scheduler = createCatalogScheduler({
    sync,
    logger,
    awaitFirstSync: settings.mode === 'simulated',
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
  await app.register(catalogRoutes, { catalog, resolvePlayer });
  await app.register(launchRoutes, { launches, resolvePlayer });
}
