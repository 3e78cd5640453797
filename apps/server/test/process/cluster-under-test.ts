import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { openClients } from '../helpers/chat-client';
import { freePort, type TestPlayer } from '../helpers/games';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { testSecrets, type TestApp } from '../helpers/test-app';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { afterAll, beforeAll } from 'vitest';

/**
 * Two server instances on one database (and one Redis when one answers) behind a round-robin
 * balancer, as issue 17 tried them: every feature must behave as on one instance (decisions
 * 050 and 054). On PostgreSQL each instance has its own pool and LISTEN connection, as two
 * processes would; on the embedded PGlite they share its one connection. The parts that need
 * Redis (chat, cluster-wide rate limits and stream cap) are skipped when none answers.
 */

export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
export const withRedis = await redisAnswers();

export interface Instance {
  name: 'A' | 'B';
  app: FastifyInstance;
  base: string;
  /** Enough of a TestApp for the player helpers (they inject and read this one's outbox). */
  t: TestApp;
}

/** A balancer that sends each request to the next instance in turn; redirects pass through. */
function roundRobin(targets: () => number[]): Promise<{ server: Server; base: string }> {
  let turn = 0;
  const server = createServer((req, res) => {
    const ports = targets();
    const port = ports[turn++ % ports.length]!;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        // No kept-alive upstream sockets: they would hold the instances' close() up.
        headers: { ...req.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, base: `http://127.0.0.1:${port}` });
    });
  });
}

/**
 * The two instances, their databases and the balancer, started in `beforeAll` and closed in
 * `afterAll` of the file that calls it.
 */
export function clusterUnderTest() {
  const c = {} as {
    db: DatabaseConnection;
    destroyDb: () => Promise<void>;
    bDb: DatabaseConnection;
    a: Instance;
    b: Instance;
    balancer: { server: Server; base: string };
  };
  const dataDirs: string[] = [];

  beforeAll(async () => {
    const created = await createTestDb();
    c.db = created.db;
    c.destroyDb = created.destroy;
    c.bDb =
      testDatabaseDriver() === 'postgres' && created.url
        ? openPostgres({ url: created.url, max: 6 })
        : // PGlite: one connection for both; closing an app must not close it under the other.
          new Proxy(c.db, {
            get: (target, key) =>
              key === 'close' ? () => Promise.resolve() : (Reflect.get(target, key) as unknown),
          });
    const ports = [await freePort(), await freePort()];
    c.balancer = await roundRobin(() => ports);
    // What every instance must share (docs/operations.md): the secrets by configuration (each
    // has its own DATA_DIR, so nothing generated there may differ), PUBLIC_URL, Redis.
    const shared: Record<string, string> = {
      ...testSecrets,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      HOST: '127.0.0.1',
      PUBLIC_URL: c.balancer.base,
      REGISTRATIONS_PER_IP_HOUR: '100000',
      ENDORPHINA_NODE_ID: 'cluster-node',
      ENDORPHINA_SALT: 'cluster-salt-0123456789abcdef',
      PRAGMATIC_SECURE_LOGIN: 'cluster_login',
      PRAGMATIC_SECRET_KEY: 'cluster-secret-0123456789abcdef',
      GBGAMES_SECRET: 'cluster-gb-secret-0123456789abcdef',
      ...(withRedis && {
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      }),
    };
    const start = async (name: 'A' | 'B', database: DatabaseConnection, port: number) => {
      const dataDir = await mkdtemp(join(tmpdir(), `casino-cluster-${name}-`));
      dataDirs.push(dataDir);
      const config = loadConfig({ ...shared, DATA_DIR: dataDir, PORT: String(port) });
      const mailer = createMemoryMailer();
      const app = await buildApp({
        config,
        db: database,
        mailer,
        clock: systemClock,
        logger: createLogger(config),
      });
      await app.listen({ port, host: '127.0.0.1' });
      const t = { app, db: database, config, outbox: mailer.outbox } as unknown as TestApp;
      return { name, app, base: `http://127.0.0.1:${port}`, t };
    };
    c.a = await start('A', c.db, ports[0]!);
    c.b = await start('B', c.bDb, ports[1]!);
    // One instance syncs the catalog (as the advisory lock would have it); both serve it.
    await c.a.app.gameCatalog.sync.syncAll();
  });

  afterAll(async () => {
    for (const client of openClients.splice(0)) client.close();
    // Kept-alive sockets of the test's fetches would hold close() up.
    c.balancer.server.closeAllConnections();
    await new Promise<void>((resolve) => c.balancer.server.close(() => resolve()));
    // The test's aborted streams and closed chat sockets can leave server sockets half-closed
    // for a while when many tests ran; the production shutdown path has its own test
    // (shutdown.test.ts). Cut them so the close below does not wait on them.
    for (const instance of [c.a, c.b]) instance?.app.server.closeAllConnections();
    await c.b?.app.close();
    await c.a?.app.close();
    await c.destroyDb?.();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  return c;
}

/** A live balance stream over HTTP: its status, the next balance it sends, and close. */
export async function openStream(base: string, player: TestPlayer) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/wallet/stream`, {
    headers: { ...player.authorization, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    status: res.status,
    async nextBalance(ms = 5_000): Promise<string> {
      const deadline = Date.now() + ms;
      for (;;) {
        const match = /event: balance\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return (JSON.parse(match[1]!) as { balance: string }).balance;
        }
        if (Date.now() > deadline) throw new Error('no balance event in time');
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the stream ended');
        buffer += chunk.value;
      }
    },
    close() {
      abort.abort();
    },
  };
}
