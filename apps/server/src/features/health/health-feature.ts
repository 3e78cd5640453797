import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { healthRoutes } from './health-routes';
import { createHealthService } from './health-service';

export interface HealthFeatureOptions {
  database: Pick<DatabaseControl, 'driver' | 'ping'>;
  clock: Clock;
  /** The server's version, reported as is. */
  version: string;
}

/** GET /api/health (health-routes.ts). No decorators; depends on no other feature. */
const healthPlugin: FastifyPluginAsync<HealthFeatureOptions> = async (app, options) => {
  const service = createHealthService({
    database: options.database,
    clock: options.clock,
    // Uptime counts from when the app was built.
    startedAt: options.clock.now(),
    version: options.version,
  });
  await app.register(healthRoutes, { service });
};

export const healthFeature = fastifyPlugin(healthPlugin, { name: 'health' });
