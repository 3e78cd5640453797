import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GamePage, LaunchResponse } from '@casino/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../scripts/bench-support';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { systemClock } from '../../src/lib/clock';
import { connectChat, post, type ChatClient } from '../helpers/chat-client';
import { createTestPlayer, type TestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { testSecrets } from '../helpers/test-app';

/**
 * Issue 31: `npm run cluster`'s topology (two built servers on PostgreSQL and Redis behind the
 * local balancer, scripts/cluster/) while one instance is restarted (SIGTERM, started again).
 * Through the balancer a player plays a provider game (bets and wins), deposits by card (the
 * sandbox, kept on one instance by the balancer's cookie) and chats; every request gets a
 * definite answer, the ledger check is clean, and chat sockets and balance streams reconnect.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}
const withPostgres = await answers(async () => {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  await client.connect();
  await client.end();
});
const withRedis = await answers(async () => {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
  } finally {
    probe.disconnect();
  }
});

/** A player's browser: its bearer token and the balancer's stickiness cookie. */
function browser(player: TestPlayer, base: string) {
  let cookie = '';
  return async (path: string, init: RequestInit = {}) => {
    const res = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      ...init,
      redirect: 'manual',
      headers: {
        ...player.authorization,
        ...(cookie ? { cookie } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
    const set = /ORBITA_INSTANCE=[^;]+/.exec(res.headers.get('set-cookie') ?? '');
    if (set) cookie = set[0];
    return res;
  };
}

describe.runIf(withPostgres && withRedis)('the cluster while an instance restarts', () => {
  let cluster: Cluster;
  let database: ScratchDatabase;
  let db: DatabaseConnection;
  let dataDir: string;
  beforeAll(async () => {
    database = await createScratchDatabase(adminUrl, 'orbita_cluster');
    dataDir = await mkdtemp(join(tmpdir(), 'casino-cluster-'));
    cluster = await startCluster({
      bundle: inject('serverBundle'),
      databaseUrl: database.url,
      redisUrl,
      dataDir,
      checkIntervalMs: 500,
      env: {
        ...testSecrets,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
        ENDORPHINA_NODE_ID: 'cluster-node',
        ENDORPHINA_SALT: randomBytes(16).toString('hex'),
        PRAGMATIC_SECURE_LOGIN: 'cluster_login',
        PRAGMATIC_SECRET_KEY: randomBytes(16).toString('hex'),
        GBGAMES_SECRET: randomBytes(16).toString('hex'),
      },
    });
    db = openPostgres({ url: database.url, max: 2 });
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('plays, deposits and chats through a restart: definite answers, clean ledger', async () => {
    const base = cluster.balancer.url;
    const player = await createTestPlayer(db, systemClock, 1_000_000n);
    const reader = await createTestPlayer(db, systemClock, 0n);
    const as = browser(player, base);
    const statuses: number[] = [];
    const failures: string[] = [];
    const record = (res: Response) => {
      statuses.push(res.status);
      return res;
    };
    const list = (await (
      await as('/api/total/games?provider=pragmatic&category=slots&limit=1')
    ).json()) as GamePage;
    const gameId = list.data[0]!.gameId;

    // Two chat readers and two balance streams: round robin puts one of each on each instance.
    const ws = base.replace('http', 'ws');
    const readers: ChatClient[] = [];
    for (let i = 0; i < 2; i++) {
      const client = await connectChat(ws, { token: reader.accessToken });
      await client.next('welcome');
      readers.push(client);
    }
    const streams = [await openStream(base, player), await openStream(base, player)];

    let restarting = true;
    const restart = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const code = await cluster.instances[0]!.stop('SIGTERM');
      await cluster.instances[0]!.start();
      await cluster.allUp();
      restarting = false;
      return code;
    })();

    const play = async () => {
      const launched = record(await as(`/api/pragmatic/user-auth/en/${gameId}`));
      if (launched.status !== 200) return;
      const { url } = (await launched.json()) as LaunchResponse;
      const opened = record(await as(url));
      const page = opened.status === 302 ? opened.headers.get('location')! : url;
      for (let i = 0; i < 3; i++) {
        const spin = record(await as(`${page}/spin`, { method: 'POST', body: '{"bet":1000}' }));
        await spin.text();
      }
    };
    const depositOnce = async () => {
      const config = record(await as('/api/payments/config'));
      const card = (
        (await config.json()) as { card: { tokenize_url: string; publishable_key: string } }
      ).card;
      const token = record(
        await as(card.tokenize_url, {
          method: 'POST',
          headers: { authorization: `Bearer ${card.publishable_key}` },
          body: JSON.stringify({
            type: 'card',
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
          }),
        }),
      );
      if (token.status !== 200) return;
      const { id } = (await token.json()) as { id: string };
      const paid = record(
        await as('/api/payments/card/deposits', {
          method: 'POST',
          body: JSON.stringify({
            amount: '5.00',
            payment_method: id,
            idempotency_key: randomUUID(),
          }),
        }),
      );
      await paid.text();
    };
    const load = async (work: () => Promise<void>) => {
      while (restarting) {
        await work().catch((error: unknown) => failures.push(String(error)));
      }
      await work().catch((error: unknown) => failures.push(String(error)));
    };
    const [exitCode] = await Promise.all([restart, load(play), load(depositOnce)]);

    // The restarted instance drained and exited 0; no request was left without an answer.
    expect(exitCode).toBe(0);
    expect(failures).toEqual([]);
    expect(statuses.length).toBeGreaterThan(10);
    // A definite answer: a game of the restarted instance is gone (404, relaunched), an
    // instance draining says 503; never a gateway error or a reset.
    for (const status of statuses)
      expect(status === 503 || status < 500, String(status)).toBe(true);

    // Sockets and streams on the restarted instance were told to go and come back.
    const closedCodes = await Promise.all(
      readers.map((r) =>
        Promise.race([r.closed, new Promise<number>((ok) => setTimeout(() => ok(0), 100))]),
      ),
    );
    expect(closedCodes).toContain(1001);
    const chatter = await connectChat(ws, { token: player.accessToken });
    await chatter.next('welcome');
    const again = await connectChat(ws, { token: reader.accessToken });
    await again.next('welcome');
    const text = `after the restart ${randomBytes(3).toString('hex')}`;
    expect((await post(chatter, text)).type).toBe('ack');
    expect((await again.next('message', (f) => f.message.text === text, 5_000)).message.text).toBe(
      text,
    );
    expect(await Promise.race(streams.map((s) => s.ended))).toBe(true);
    const reopened = await openStream(base, player);
    expect(reopened.status).toBe(200);
    reopened.close();
    for (const client of [...readers, chatter, again]) client.close();
    for (const stream of streams) stream.close();

    await expectLedgerClean(db);
  }, 240_000);
});

/** A live balance stream through the balancer: `ended` resolves true when the server ends it. */
async function openStream(base: string, player: TestPlayer) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/wallet/stream`, {
    headers: { ...player.authorization, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
      return true;
    } catch {
      return false;
    }
  })();
  return { status: res.status, ended, close: () => abort.abort() };
}
