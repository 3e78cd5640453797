import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GamePage, LaunchResponse, ProviderSlug } from '@casino/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { games } from '../../src/db/schema';
import { openPostgres } from '../../src/db/postgres-connection';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { connectChat, openClients, post } from '../helpers/chat-client';
import { createTestPlayer, freePort, type TestPlayer } from '../helpers/games';
import { multipart, solid } from '../helpers/images';
import { expectLedgerClean } from '../helpers/ledger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import {
  bearer,
  createPlayer,
  errorOf,
  login,
  me,
  refreshCookie,
  type SignedInPlayer,
} from '../helpers/players';
import { testSecrets, type TestApp } from '../helpers/test-app';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { createFundedUser, txId } from '../helpers/wallets';

/**
 * Two server instances on one database (and one Redis when one answers) behind a round-robin
 * balancer, as issue 17 tried them: every feature must behave as on one instance (decisions
 * 050 and 054). On PostgreSQL each instance has its own pool and LISTEN connection, as two
 * processes would; on the embedded PGlite they share its one connection. The parts that need
 * Redis (chat, cluster-wide rate limits and stream cap) are skipped when none answers.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
const withRedis = await redisAnswers();

interface Instance {
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

let db: DatabaseConnection;
let destroyDb: () => Promise<void>;
let bDb: DatabaseConnection;
let a: Instance;
let b: Instance;
let balancer: { server: Server; base: string };
const dataDirs: string[] = [];

beforeAll(async () => {
  const created = await createTestDb();
  db = created.db;
  destroyDb = created.destroy;
  bDb =
    testDatabaseDriver() === 'postgres' && created.url
      ? openPostgres({ url: created.url, max: 6 })
      : // PGlite: one connection for both; closing an app must not close it under the other.
        new Proxy(db, {
          get: (target, key) =>
            key === 'close' ? () => Promise.resolve() : (Reflect.get(target, key) as unknown),
        });
  const ports = [await freePort(), await freePort()];
  balancer = await roundRobin(() => ports);
  // What every instance must share (docs/operations.md): the secrets by configuration (each
  // has its own DATA_DIR, so nothing generated there may differ), PUBLIC_URL, Redis.
  const shared: Record<string, string> = {
    ...testSecrets,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    PUBLIC_URL: balancer.base,
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
  a = await start('A', db, ports[0]!);
  b = await start('B', bDb, ports[1]!);
  // One instance syncs the catalog (as the advisory lock would have it); both serve it.
  await a.app.gameCatalog.sync.syncAll();
});

afterAll(async () => {
  for (const client of openClients.splice(0)) client.close();
  // Kept-alive sockets of the test's fetches would hold close() up.
  balancer.server.closeAllConnections();
  await new Promise<void>((resolve) => balancer.server.close(() => resolve()));
  // The test's aborted streams and closed chat sockets can leave server sockets half-closed
  // for a while when many tests ran; the production shutdown path has its own test
  // (shutdown.test.ts). Cut them so the close below does not wait on them.
  for (const instance of [a, b]) instance?.app.server.closeAllConnections();
  await b?.app.close();
  await a?.app.close();
  await destroyDb?.();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('sessions across instances', () => {
  it('login on A, use on B, refresh on B, logout on A ends it on B', async () => {
    const player = await createPlayer(a.t);
    const signedIn = await login(a.t, player.email, player.password);
    expect(signedIn.statusCode).toBe(201);
    const access = signedIn.json<{ access_token: string }>().access_token;
    const refresh = refreshCookie(signedIn)!.value;

    expect((await me(b.t, access)).json()).toMatchObject({ id: player.id });
    const renewed = await b.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: refresh },
    });
    expect(renewed.statusCode).toBe(201);
    const newAccess = renewed.json<{ access_token: string }>().access_token;
    const newRefresh = refreshCookie(renewed)!.value;
    expect((await me(a.t, newAccess)).statusCode).toBe(200);

    const out = await a.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(newAccess),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(b.t, newAccess)).statusCode).toBe(401);
    const after = await b.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: newRefresh },
    });
    expect(after.statusCode).toBe(401);
  });

  it('the login throttle counts over both: 12 parallel wrong passwords get 5 checks', async () => {
    const player = await createPlayer(a.t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(i % 2 === 0 ? a.t : b.t, player.email, 'wrong guess!', '10.170.0.1'),
      ),
    );
    const counts: Record<number, number> = {};
    for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 401: 5, 429: 7 });
    // The right password is refused on either instance now.
    expect((await login(b.t, player.email, player.password, '10.170.0.1')).statusCode).toBe(429);
  });
});

describe('money across instances', () => {
  it('200 credits and 250 debits split over both, and 40 replays of one bet, are exact', async () => {
    const userId = await createFundedUser(db, a.app.wallet, 1_000_000n);
    const replayed = txId('bet-replay');
    const jobs: Promise<unknown>[] = [];
    for (let i = 0; i < 200; i += 1) {
      const on = i % 2 === 0 ? a : b;
      jobs.push(
        on.app.wallet.postWin({
          userId,
          amount: 700n,
          currency: 'USD',
          provider: 'endorphina',
          txId: txId('win'),
        }),
      );
    }
    for (let i = 0; i < 250; i += 1) {
      const on = i % 2 === 0 ? b : a;
      jobs.push(
        on.app.wallet.postBet({
          userId,
          amount: 1_000n,
          currency: 'USD',
          provider: 'endorphina',
          txId: txId('bet'),
        }),
      );
    }
    const replays = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? a : b).app.wallet.postBet({
        userId,
        amount: 5_000n,
        currency: 'USD',
        provider: 'endorphina',
        txId: replayed,
      }),
    );
    const [, outcomes] = await Promise.all([Promise.all(jobs), Promise.all(replays)]);
    expect(outcomes.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((r) => r.outcome === 'replayed')).toHaveLength(39);
    const { balance } = await b.app.wallet.getBalance(userId);
    expect(balance).toBe(1_000_000n + 200n * 700n - 250n * 1_000n - 5_000n);
    await expectLedgerClean(db);
  });

  it("a balance stream opened on A hears B's posting", async () => {
    const player = await createTestPlayer(db, systemClock, 10_000n);
    const stream = await openStream(a.base, player);
    expect(stream.status).toBe(200);
    expect(await stream.nextBalance()).toBe('10.00');
    await b.app.wallet.postWin({
      userId: player.id,
      amount: 2_500n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: txId('win'),
    });
    expect(await stream.nextBalance()).toBe('12.50');
    stream.close();
  });
});

describe('avatars across instances', () => {
  it('a picture uploaded on A is served by B, from the database', async () => {
    const player = await createPlayer(a.t);
    const body = await multipart([
      { name: 'file', content: await solid(300, 300).png().toBuffer(), filename: 'me.png' },
    ]);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: { ...bearer(player.accessToken), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json<{ avatar: string }>().avatar;
    const onA = await fetch(`${a.base}${url}`);
    const onB = await fetch(`${b.base}${url}`);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/webp');
    expect(onB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await onB.arrayBuffer())).toEqual(Buffer.from(await onA.arrayBuffer()));
  });
});

/** How a player opens a real-money game of each provider on our API. */
const launchPath: Record<ProviderSlug, (gameId: string) => string> = {
  endorphina: (id) => `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(id)}`,
  pragmatic: (id) => `/api/pragmatic/user-auth/en/${encodeURIComponent(id)}`,
  gbgames: (id) => `/api/provider2-game/launch?gameId=${encodeURIComponent(id)}`,
};

interface SpinAnswer {
  ok: boolean;
  bet?: number;
  win?: number;
  balance: number;
}

describe('simulated studios behind the balancer', () => {
  it.each(['endorphina', 'pragmatic', 'gbgames'] as const)(
    '%s: a game launched through one instance plays through both, round by round',
    async (provider) => {
      const player = await createTestPlayer(db, systemClock, 100_000n);
      const list = await fetch(
        `${balancer.base}/api/total/games?provider=${provider}&category=slots&limit=1`,
      );
      const game = ((await list.json()) as GamePage).data[0]!;
      // Launched on A (the API call), opened and played through the balancer (A, B, A, …).
      const launched = await fetch(`${a.base}${launchPath[provider](game.gameId)}`, {
        headers: player.authorization,
      });
      expect(launched.status).toBe(200);
      const { url } = (await launched.json()) as LaunchResponse;
      expect(url.startsWith(balancer.base)).toBe(true);
      const opened = await fetch(url, { redirect: 'manual' });
      const page = opened.status === 302 ? opened.headers.get('location')! : url;
      expect(page).toMatch(/\/studios\/\w+\/game\/\w+$/);
      for (let i = 0; i < 2; i += 1) {
        const html = await fetch(page);
        expect(html.status).toBe(200);
        expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      }
      let staked = 0n;
      let won = 0n;
      let last: SpinAnswer | undefined;
      for (let i = 0; i < 6; i += 1) {
        const res = await fetch(`${page}/spin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bet: 1_000 }),
        });
        expect(res.status).toBe(200);
        last = (await res.json()) as SpinAnswer;
        expect(last, JSON.stringify(last)).toMatchObject({ ok: true });
        staked += BigInt(last.bet!);
        won += BigInt(last.win!);
      }
      const wallet = await a.app.wallet.getBalance(player.id);
      expect(wallet.balance).toBe(100_000n - staked + won);
      expect(BigInt(last!.balance)).toBe(wallet.balance);
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from ledger_entries
        where user_id = ${player.id}::uuid and kind = 'bet'`);
      expect(rows[0]?.n).toBe(6);
    },
  );

  it('a demo purse is one purse, whichever instance a spin reaches', async () => {
    const list = await fetch(`${b.base}/api/total/games?provider=gbgames&category=slots&limit=1`);
    const game = ((await list.json()) as GamePage).data[0]!;
    const opened = await fetch(
      `${balancer.base}/studios/gbgames/play/demo?gameId=${encodeURIComponent(game.gameId)}`,
      { redirect: 'manual' },
    );
    expect(opened.status).toBe(302);
    const page = opened.headers.get('location')!;
    let balance = 1_000_000;
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${page}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bet: 2_000 }),
      });
      const answer = (await res.json()) as SpinAnswer;
      expect(answer.ok).toBe(true);
      balance = balance - answer.bet! + answer.win!;
      expect(answer.balance).toBe(balance);
    }
  });

  it('an unknown session is a 404 on every instance, never forwarded in a loop', async () => {
    for (const base of [a.base, b.base]) {
      const res = await fetch(`${base}/studios/pragmatic/game/nosuchsession/state`);
      expect(res.status).toBe(404);
    }
  });
});

describe('the catalog cache across instances', () => {
  it("B's cached page follows a change written through A at once, not 30 s later", async () => {
    const path = '/api/total/games?provider=gbgames&limit=5';
    const first = ((await (await fetch(`${b.base}${path}`)).json()) as GamePage).data[0]!;
    const renamed = `Renamed ${randomBytes(3).toString('hex')}`;
    await a.t.db.update(games).set({ name: renamed }).where(eq(games.id, first.id));
    await expect
      .poll(
        async () => ((await (await fetch(`${b.base}${path}`)).json()) as GamePage).data[0]?.name,
        { timeout: 3_000, interval: 100 },
      )
      .toBe(renamed);
  });
});

describe.runIf(withRedis)('shared limits and live events (Redis)', () => {
  it('the availability checks allow 30 a minute per IP over both instances, not 60', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1) {
      answers.push(
        await (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/user/check/username',
          payload: { username: `free_${i}_${randomBytes(2).toString('hex')}` },
          remoteAddress: '10.171.0.1',
        }),
      );
    }
    expect(answers.slice(0, 30).every((res) => res.statusCode === 200)).toBe(true);
    expect(answers[30]?.statusCode).toBe(429);
    expect(errorOf(answers[30]!).code).toBe('RATE_LIMITED');
  });

  it('five balance streams per player over both instances; a closed one frees its place', async () => {
    const player = await createTestPlayer(db, systemClock, 1_000n);
    const streams = [];
    for (let i = 0; i < 5; i += 1) {
      const stream = await openStream(i % 2 === 0 ? a.base : b.base, player);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    for (const base of [a.base, b.base]) {
      const sixth = await openStream(base, player);
      expect(sixth.status).toBe(429);
      sixth.close();
    }
    streams[0]!.close();
    await expect
      .poll(
        async () => {
          const again = await openStream(b.base, player);
          if (again.status === 200) streams.push(again);
          else again.close();
          return again.status;
        },
        { timeout: 3_000, interval: 100 },
      )
      .toBe(200);
    for (const stream of streams) stream.close();
  });

  it('chat: a message posted on A reaches a reader on B', async () => {
    const alice: SignedInPlayer = await createPlayer(a.t);
    const bob: SignedInPlayer = await createPlayer(a.t);
    const onA = await connectChat(a.base.replace('http', 'ws'), { token: alice.accessToken });
    await onA.next('welcome');
    const onB = await connectChat(b.base.replace('http', 'ws'), { token: bob.accessToken });
    await onB.next('welcome');
    const text = `hello from A ${randomBytes(3).toString('hex')}`;
    expect((await post(onA, text)).type).toBe('ack');
    expect((await onB.next('message', (f) => f.message.text === text)).message.text).toBe(text);
  });
});

/** A live balance stream over HTTP: its status, the next balance it sends, and close. */
async function openStream(base: string, player: TestPlayer) {
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
