import { createGameControls, type GameControls } from './game-controls';
import { createLobbyControls, type LobbyControls } from './lobby-controls';
import { sql } from 'drizzle-orm';
import type { ProviderSlug } from '@casino/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { ProviderAdapter } from '../providers';
import { enabledProviders, type ProviderSettings } from '../providers';
import { createCatalogRepository } from './catalog-repository';
import { catalogRoutes } from './catalog-routes';
import { createCatalogScheduler, type CatalogScheduler } from './catalog-scheduler';
import { createCatalogService } from './catalog-service';
import { createCatalogSync, type CatalogSync } from './catalog-sync';
import { optionalPlayer, type ResolvePlayer } from './current-player';
import { launchRoutes } from './launch-routes';
import { offeredProviders } from './offered-providers';
import { createLaunchService } from './launch-service';

/** What the rest of the server (start-up, the sync command, tests) may do with the catalog. */
export interface GameCatalogControl {
  /** Reads every provider's catalog now (the operator command and tests call it). */
  sync: CatalogSync;
  /** The start-up sync and the periodic re-sync (start-server.ts). */
  scheduler: CatalogScheduler;
  /** The providers feature's (app.providers), here too for the sync command and tests. */
  settings: ProviderSettings;
  /** The adapters of the providers the operator runs (simulated or external). */
  adapters: Readonly<Partial<Record<ProviderSlug, ProviderAdapter>>>;
  /** The staff switches of games and providers (decision 086): the back office's routes. */
  controls: GameControls;
  /** Marks, blocked countries, pins and the home sections' order (decision 089). */
  lobby: LobbyControls;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's sync and scheduler: see features/games/README.md. */
    gameCatalog: GameCatalogControl;
  }
}

export interface GamesFeatureOptions {
  config: Config;
  /**
   * withClusterLock (optional for tests' fakes): periodic syncs once per cluster; listen:
   * every instance hears the catalog change (NOTIFY catalog_changed).
   */
  db: Database & Partial<Pick<DatabaseControl, 'withClusterLock' | 'listen'>>;
  clock: Clock;
  logger: Logger;
  /** Optional sign-in for lists and launches; by default the accounts feature's bearer token. */
  resolvePlayer?: ResolvePlayer;
}

/**
 * The catalog and its sync, the lists and the launches, over the providers feature's
 * adapters; a real-money launch records its token with the game-sessions feature.
 */
const gamesPlugin: FastifyPluginAsync<GamesFeatureOptions> = async (app, options) => {
  const { config, db, clock, logger } = options;
  const { settings, adapters } = app.providers;

  // A provider that is off has no adapter (no sync, no launch) and is gone from the lists.
  const offered = offeredProviders(enabledProviders(settings));
  const catalogRepository = createCatalogRepository(db, offered.list);
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
    // The studios answer at once; a real provider must not hold up start-up. Even the studios'
    // sync is awaited only on an empty catalog: a restart serves the games it has at once
    // (recovery after a crash within seconds, decision 055) and refreshes them behind.
    awaitFirstSync: offered.list.every((provider) => settings.modes[provider] === 'simulated')
      ? async () => (await db.execute(sql`select 1 from games limit 1`)).rows.length === 0
      : false,
    intervalMs: config.catalogSyncIntervalMinutes * 60_000,
    ...(db.withClusterLock ? { clusterLock: db.withClusterLock.bind(db) } : {}),
  });
  app.addHook('onClose', (_instance, done) => {
    scheduler.stop();
    done();
  });
  // Any instance's sync (or games:sync, or an operator's UPDATE) changes the shared catalog:
  // migration 0013's trigger announces it and every instance forgets its cached pages at once.
  if (db.listen) {
    const stopListening = await db.listen(catalogChangedChannel, () => catalog.catalogChanged());
    app.addHook('onClose', () => stopListening());
  }
  const controls = createGameControls(db, () => catalog.catalogChanged());
  const lobby = createLobbyControls(db, () => catalog.catalogChanged());
  app.decorate('gameCatalog', { sync, scheduler, settings, adapters, controls, lobby });

  const resolvePlayer = options.resolvePlayer ?? optionalPlayer(app);
  const launches = createLaunchService({
    adapters,
    catalog: catalogRepository,
    launches: app.gameSessions.launches,
    clock,
    logger,
    tokenTtlSeconds: config.launchTokenTtlSeconds,
    // Same-origin without PUBLIC_URL: the lobby the player came from, at whatever address.
    lobbyUrl: (provider) => `${settings.pageBase}/${provider}`,
  });

  await app.register(catalogRoutes, { catalog, resolvePlayer, offered });
  // A real-money launch is refused (403 RG_BLOCKED) during a time-out or self-exclusion; the
  // decorator is looked up per request, so a test app without the feature still launches.
  const launchPlayer: typeof resolvePlayer = async (request, reply) => {
    const player = await resolvePlayer(request, reply);
    if (player && app.hasDecorator('responsibleGaming')) {
      await app.responsibleGaming.service.assertNotBlocked(player.id, 'play');
    }
    return player;
  };
  await app.register(launchRoutes, { launches, resolvePlayer: launchPlayer });
};

/** The channel migration 0013's trigger NOTIFYs on every change to the games table. */
export const catalogChangedChannel = 'catalog_changed';

export const gamesFeature = fastifyPlugin(gamesPlugin, {
  name: 'games',
  dependencies: ['providers', 'game-sessions'],
});
