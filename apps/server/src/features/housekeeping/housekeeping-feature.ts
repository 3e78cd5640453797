import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { createHousekeeping, type Housekeeping } from './housekeeping';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic deletion of short-lived rows past their retention. */
    housekeeping: Housekeeping;
  }
}

export interface HousekeepingFeatureOptions {
  db: Database & Pick<DatabaseControl, 'withClusterLock'>;
  clock: Clock;
  logger: Logger;
}

/**
 * `app.housekeeping`: started by start-server (not by tests' apps), stopped with the app.
 * No routes.
 */
const housekeepingPlugin: FastifyPluginAsync<HousekeepingFeatureOptions> = (app, options) => {
  const housekeeping = createHousekeeping(options);
  app.decorate('housekeeping', housekeeping);
  app.addHook('onClose', async () => {
    await housekeeping.stop();
  });
  return Promise.resolve();
};

export const housekeepingFeature = fastifyPlugin(housekeepingPlugin, { name: 'housekeeping' });
