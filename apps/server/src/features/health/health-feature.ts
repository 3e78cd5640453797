import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database, DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Lifecycle } from '../../lib/operations/lifecycle';
import { healthRoutes } from './health-routes';
import { createHealthService } from './health-service';
import { createMigrationState } from './migration-state';

export interface HealthFeatureOptions {
  database: Database & Pick<DatabaseControl, 'driver' | 'ping'>;
  clock: Clock;
  /** The server's version, reported as is. */
  version: string;
  /** Readiness fails once shutdown begins; default: never shutting down (tests). */
  lifecycle?: Pick<Lifecycle, 'shuttingDown'>;
  /** With REDIS_URL: whether Redis is connected (readiness fails while it is not). */
  redisConnected?: () => boolean;
}

/** GET /api/health, /api/health/live and /api/health/ready (health-routes.ts). */
const healthPlugin: FastifyPluginAsync<HealthFeatureOptions> = async (app, options) => {
  const service = createHealthService({
    database: options.database,
    clock: options.clock,
    // Uptime counts from when the app was built.
    startedAt: options.clock.now(),
    version: options.version,
  });
  await app.register(healthRoutes, {
    service,
    readiness: {
      health: service,
      migrations: createMigrationState(options.database),
      lifecycle: options.lifecycle ?? { shuttingDown: false },
      ...(options.redisConnected ? { redisConnected: options.redisConnected } : {}),
    },
  });
};

export const healthFeature = fastifyPlugin(healthPlugin, { name: 'health' });
