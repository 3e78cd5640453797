import { setTimeout as sleep } from 'node:timers/promises';
import { errorResponseSchema } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app';

function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then closes the database', async () => {
    const t = await buildTestApp();
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // Slow on purpose, and it needs the database after the wait: it can only succeed if
    // close() lets it finish before the database goes.
    t.app.get('/api/test/slow', async () => {
      entered();
      await sleep(400);
      const result = await t.db.execute<{ answer: number }>(sql`select 42 as answer`);
      return { answer: Number(result.rows[0]?.answer) };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = baseUrl(t.app);

    try {
      const response = fetch(`${url}/api/test/slow`).then(async (res) => ({
        status: res.status,
        connection: res.headers.get('connection'),
        body: await res.json(),
      }));
      await handlerEntered;

      const started = performance.now();
      const closed = t.app.close();
      while (t.app.server.listening) await sleep(5);
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();

      await expect(response).resolves.toEqual({
        status: 200,
        // Releases the kept-alive socket, so close() does not wait for the keep-alive timeout.
        connection: 'close',
        body: { answer: 42 },
      });
      await closed;
      expect(performance.now() - started).toBeLessThan(5_000);
      await expect(t.db.ping()).rejects.toThrow();
    } finally {
      await t.close();
    }
  });

  it('answers a request that arrives while closing with 503 in the error shape', async () => {
    const t = await buildTestApp();
    let duringClose: Response | undefined;
    // Runs after the app's own preClose hook and before the listener closes: the one
    // window in which a new request can still arrive.
    t.app.addHook('preClose', async () => {
      duringClose = await fetch(`${baseUrl(t.app)}/api/health`);
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.close();

    expect(duringClose?.status).toBe(503);
    expect(duringClose?.headers.get('connection')).toBe('close');
    const body = errorResponseSchema.parse(await duringClose?.json());
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
  });
});
