import type { HealthResponse } from '@casino/contracts';
import type { DatabaseControl } from '../../db/database';
import type { Clock } from '../../lib/clock';

export interface HealthServiceDeps {
  database: Pick<DatabaseControl, 'driver' | 'ping'>;
  clock: Clock;
  startedAt: Date;
  version: string;
  /** A ping slower than this counts as down: a load balancer must not wait on a stuck pool. */
  pingTimeoutMs?: number;
}

export interface HealthService {
  check(): Promise<HealthResponse>;
}

export function createHealthService(deps: HealthServiceDeps): HealthService {
  const pingTimeoutMs = deps.pingTimeoutMs ?? 2_000;

  async function pingDatabase(): Promise<number | undefined> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), pingTimeoutMs);
    });
    try {
      await Promise.race([deps.database.ping(), timeout]);
      return Math.round((performance.now() - started) * 100) / 100;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async check() {
      const latencyMs = await pingDatabase();
      const up = latencyMs !== undefined;
      const uptimeMs = deps.clock.now().getTime() - deps.startedAt.getTime();
      return {
        status: up ? 'ok' : 'degraded',
        database: {
          status: up ? 'up' : 'down',
          driver: deps.database.driver,
          ...(up ? { latencyMs } : {}),
        },
        version: deps.version,
        uptimeSeconds: Math.max(0, Math.floor(uptimeMs / 1000)),
      };
    },
  };
}
