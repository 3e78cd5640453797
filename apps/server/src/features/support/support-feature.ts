import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { createSupportRepository } from './support-repository';
import { supportRoutes } from './support-routes';
import { createSupportService, type SupportService } from './support-service';
import { supportSocketRoutes } from './support-socket-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The support desk: threads between players and operators. */
    support: SupportService;
  }
}

export interface SupportFeatureOptions {
  db: Database;
  clock: Clock;
  shared: SharedState;
  /** SUPPORT_CHANNEL_URL and SUPPORT_PARTNER_URL: the help page's link cards. */
  links: { channelUrl: string | undefined; partnerUrl: string | undefined };
}

/**
 * The support desk: a private thread per player with the operators (player routes under
 * /api/support, the live socket, the operator API). See src/features/support/README.md.
 */
const supportPlugin: FastifyPluginAsync<SupportFeatureOptions> = async (app, options) => {
  const repository = createSupportRepository(options.db);
  const service = createSupportService({
    repository,
    shared: options.shared,
    clock: options.clock,
  });
  app.decorate('support', service);
  await app.register(supportRoutes, { prefix: '/api', service, links: options.links });
  // The WebSocket plugin comes with the chat feature (declared dependency).
  await app.register(supportSocketRoutes, { shared: options.shared, sessions: app.auth.sessions });
};

export const supportFeature = fastifyPlugin(supportPlugin, {
  name: 'support',
  dependencies: ['auth', 'chat'],
});
