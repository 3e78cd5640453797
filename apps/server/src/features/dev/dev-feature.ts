import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { DevOutbox } from '../../lib/mail/dev-outbox';
import { outboxRoutes } from './outbox-routes';

export interface DevFeatureOptions {
  /** The messages kept outside production (app.ts); undefined in production. */
  outbox: DevOutbox | undefined;
}

/**
 * Development helpers: GET /api/dev/outbox. Without an outbox (production) it registers
 * nothing, so the route does not exist at all. No decorators.
 */
const devPlugin: FastifyPluginAsync<DevFeatureOptions> = async (app, { outbox }) => {
  if (outbox) await app.register(outboxRoutes, { prefix: '/api', outbox });
};

export const devFeature = fastifyPlugin(devPlugin, { name: 'dev' });
