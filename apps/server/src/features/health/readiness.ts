import type { ReadinessResponse } from '@casino/contracts';
import type { Lifecycle } from '../../lib/operations/lifecycle';
import type { HealthService } from './health-service';

export interface ReadinessDeps {
  health: HealthService;
  migrations: { check(): Promise<'applied' | 'pending' | 'unknown'> };
  lifecycle: Pick<Lifecycle, 'shuttingDown'>;
  /** With REDIS_URL: whether its connections are up; undefined without Redis. */
  redisConnected?: () => boolean;
}

/**
 * Ready for traffic: not shutting down (checked first, and answered without touching the
 * database, so the balancer sees 503 the moment SIGTERM arrives), the database answering and
 * migrated, Redis connected when the deployment uses it.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessResponse> {
  const redis =
    deps.redisConnected === undefined ? 'unused' : deps.redisConnected() ? 'up' : 'down';
  if (deps.lifecycle.shuttingDown) {
    return {
      status: 'unready',
      checks: { database: 'unchecked', migrations: 'unknown', redis, shutdown: 'shutting-down' },
    };
  }
  const health = await deps.health.check();
  const database = health.database.status;
  const migrations = database === 'up' ? await deps.migrations.check() : 'unknown';
  const ready = database === 'up' && migrations === 'applied' && redis !== 'down';
  return {
    status: ready ? 'ready' : 'unready',
    checks: { database, migrations, redis, shutdown: 'running' },
  };
}
