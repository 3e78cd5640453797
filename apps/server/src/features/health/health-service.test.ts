import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { createHealthService } from './health-service';

const startedAt = new Date('2025-01-01T00:00:00Z');

function serviceWith(ping: () => Promise<void>, clock = fixedClock(startedAt)) {
  return createHealthService({
    database: { driver: 'postgres', ping },
    clock,
    startedAt,
    version: '1.2.3',
    pingTimeoutMs: 50,
  });
}

describe('health service', () => {
  it('reports ok, the latency and the uptime by the clock', async () => {
    const clock = fixedClock(startedAt);
    clock.advance(90_500);
    const health = await serviceWith(() => Promise.resolve(), clock).check();
    expect(health).toMatchObject({
      status: 'ok',
      database: { status: 'up', driver: 'postgres' },
      version: '1.2.3',
      uptimeSeconds: 90,
    });
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reports degraded when the ping fails', async () => {
    const health = await serviceWith(() => Promise.reject(new Error('ECONNREFUSED'))).check();
    expect(health.status).toBe('degraded');
    expect(health.database).toEqual({ status: 'down', driver: 'postgres' });
  });

  it('reports degraded when the ping hangs past the timeout', async () => {
    const hanging = () => new Promise<void>(() => undefined);
    const started = performance.now();
    const health = await serviceWith(hanging).check();
    expect(health.database.status).toBe('down');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
