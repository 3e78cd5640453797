import type { ProviderSlug } from '@casino/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { providerCallbackRoutes } from './callback-routes';
import { endorphinaAdapter } from './endorphina/adapter';
import { gbgamesAdapter } from './gbgames/adapter';
import { fetchTransport, inProcessTransport, type HttpTransport } from '../../lib/http-transport';
import { createPragmaticGames } from './pragmatic/catalog-games';
import { pragmaticAdapter } from './pragmatic/adapter';
import type { ProviderAdapter } from './provider-adapter';
import {
  anySimulated,
  callbackBaseUrlOf,
  enabledProviders,
  resolveProviderSettings,
  type ProviderSettings,
} from './provider-settings';
import { simulatedStudios } from './simulated-studios';
import { databaseSessionOwners, instanceUrlOf } from './studio-session-owners';

/** The providers the server talks to: how they are configured and the adapter of each. */
export interface Providers {
  settings: ProviderSettings;
  /** The adapters of the providers the operator runs (simulated or external); none when off. */
  adapters: Readonly<Partial<Record<ProviderSlug, ProviderAdapter>>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The provider settings and adapters: see features/providers/README.md. */
    providers: Providers;
  }
}

export interface ProvidersFeatureOptions {
  config: Config;
  db: Database;
  clock: Clock;
  /**
   * Replaces how adapters reach providers (tests); by default in-process for a simulated
   * provider's studio, over the network for an external one.
   */
  transport?: HttpTransport;
}

/**
 * The simulated studios (of the providers in simulated mode), the adapters of the providers
 * the operator runs (app.providers) and every provider's wallet callbacks, which post through
 * app.wallet and resolve launch tokens through app.gameSessions. A provider that is off has
 * no adapter; its callbacks stay, so that its retries of wins and refunds for rounds played
 * before the switch still land (with its secret configured; without one every call is
 * refused).
 */
const providersPlugin: FastifyPluginAsync<ProvidersFeatureOptions> = async (app, options) => {
  const { config, db, clock } = options;
  const settings = resolveProviderSettings(config);
  if (anySimulated(settings)) {
    await app.register(
      simulatedStudios(settings, callbackBaseUrlOf(config), {
        owners: databaseSessionOwners(db, clock),
        self: instanceUrlOf(app, config.instanceUrl),
      }),
    );
  }
  const offered = enabledProviders(settings);
  const transportOf = (provider: ProviderSlug) =>
    options.transport ??
    (settings.modes[provider] === 'simulated'
      ? inProcessTransport(app, settings.studiosApiUrl)
      : fetchTransport);
  const adapters: Partial<Record<ProviderSlug, ProviderAdapter>> = {
    ...(offered.includes('endorphina') && {
      endorphina: endorphinaAdapter(settings.endorphina, transportOf('endorphina')),
    }),
    ...(offered.includes('pragmatic') && {
      pragmatic: pragmaticAdapter(settings.pragmatic, transportOf('pragmatic')),
    }),
    ...(offered.includes('gbgames') && {
      gbgames: gbgamesAdapter(settings.gbgames, transportOf('gbgames'), clock),
    }),
  };
  app.decorate('providers', { settings, adapters });

  await app.register(providerCallbackRoutes, {
    settings,
    sessions: app.gameSessions.sessions,
    clock,
    wallet: app.wallet,
    pragmaticGames: createPragmaticGames(db),
  });
};

export const providersFeature = fastifyPlugin(providersPlugin, {
  name: 'providers',
  dependencies: ['wallet', 'game-sessions'],
});
