import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { personalDataOwners } from './personal-data-owners';
import { privacyRoutes } from './privacy-routes';
import { createPrivacyService } from './privacy-service';

export interface PrivacyFeatureOptions {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
}

/**
 * The player's data: the export file and the account's closure (README.md here,
 * docs/decisions/053). No decorators of its own.
 */
const privacyPlugin: FastifyPluginAsync<PrivacyFeatureOptions> = async (app, options) => {
  const service = createPrivacyService({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    sessions: app.auth.sessions,
    throttle: app.auth.throttle,
    owners: personalDataOwners({
      avatars: app.users.avatars,
      forgetDocuments: (userId) => app.identity.forgetDocuments(userId),
    }),
    twoFactor: app.auth.twoFactor,
  });
  await app.register(privacyRoutes, { prefix: '/api', service });
};

export const privacyFeature = fastifyPlugin(privacyPlugin, {
  name: 'privacy',
  dependencies: ['auth', 'users', 'wallet', 'identity'],
});
