import type { ProviderSlug } from '@casino/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { providerCallbackRoutes } from './callback-routes';
import { endorphinaAdapter } from './endorphina/endorphina-adapter';
import { gbgamesAdapter } from './gbgames/gbgames-adapter';
import { fetchTransport, inProcessTransport, type HttpTransport } from './http-transport';
import { createPragmaticGames } from './pragmatic/catalog-games';
import { pragmaticAdapter } from './pragmatic/pragmatic-adapter';
import type { ProviderAdapter } from './provider-adapter';
import {
  callbackBaseUrlOf,
  resolveProviderSettings,
  type ProviderSettings,
} from './provider-settings';
import { simulatedStudios } from './simulated-studios';

/** The providers the server talks to: how they are configured and the adapter of each. */
export interface Providers {
  settings: ProviderSettings;
  adapters: Readonly<Record<ProviderSlug, ProviderAdapter>>;
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
  /** Replaces how adapters reach providers (tests); defaults by PROVIDERS. */
  transport?: HttpTransport;
}

/**
 * The simulated studios (PROVIDERS=simulated), the provider adapters (app.providers) and the
 * providers' wallet callbacks, which post through app.wallet and resolve launch tokens
 * through app.gameSessions.
 */
const providersPlugin: FastifyPluginAsync<ProvidersFeatureOptions> = async (app, options) => {
  const { config, db, clock } = options;
  const settings = resolveProviderSettings(config);
  if (settings.mode === 'simulated') {
    await app.register(simulatedStudios(settings, callbackBaseUrlOf(config)));
  }
  const transport =
    options.transport ??
    (settings.studiosUrl ? inProcessTransport(app, settings.studiosUrl) : fetchTransport);
  const adapters = {
    endorphina: endorphinaAdapter(settings.endorphina, transport),
    pragmatic: pragmaticAdapter(settings.pragmatic, transport),
    gbgames: gbgamesAdapter(settings.gbgames, transport, clock),
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
