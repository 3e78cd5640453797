import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Payment } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres } from '../../src/db/postgres-connection';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import type { ProviderSettings } from '../../src/features/providers/provider-settings';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, createTestPlayer, seedGames, type TestPlayer } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import type { SignedInPlayer } from '../helpers/players';
import { expectLedgerClean } from '../helpers/ledger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { createTestDb, testDatabaseDriver, type TestDatabase } from '../helpers/test-database';
import { testSecrets, type TestApp } from '../helpers/test-app';
import { startTcpProxy, urlThrough, type TcpProxy } from '../helpers/tcp-proxy';
import { cardToken, cards, deposit, operatorToken, sandboxOf } from '../payments/payments-helpers';

/** The payments helpers' player: only the access token is used. */
const asSignedIn = (player: TestPlayer): SignedInPlayer => ({
  id: player.id,
  accessToken: player.accessToken,
  refreshToken: '',
  username: '',
  email: '',
  password: '',
});

/**
 * PostgreSQL out of reach (issue 17, decision 055): the server's pool goes through a TCP proxy
 * that cuts every connection and refuses new ones, as a restart of PostgreSQL looks to the
 * server. Each protocol must answer its own "retry" and never a success it did not store:
 * the providers' callbacks (Endorphina INTERNAL_ERROR 500, GB Games INTERNAL 500, Pragmatic
 * error 100), the payment services' webhooks (a non-2xx, so they deliver again), the player
 * API (503 in the API's error shape with Retry-After), /api/health (503, database down). When
 * the proxy is back, the pool reconnects by itself and the same calls land, once.
 * PostgreSQL only: the embedded database has no connection to lose.
 */
describe.runIf(testDatabaseDriver() === 'postgres')('with PostgreSQL out of reach', () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let s: ProviderSettings;
  let dataDir: string;
  let player: TestPlayer;
  const tokens = new Map<string, string>();
  const logLines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDb();
    const direct = new URL(testDb.url ?? '');
    proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
    dataDir = await mkdtemp(join(tmpdir(), 'casino-outage-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...testSecrets,
      OPERATOR_API_TOKEN: operatorToken,
    });
    const db = openPostgres({ url: urlThrough(testDb.url ?? '', proxy), max: 5 });
    const mailer = createMemoryMailer();
    const logger = createLogger(config, {
      write: (line: string) => {
        logLines.push(line);
      },
    });
    const app = await buildApp({ config, db, clock: systemClock, mailer, logger });
    await app.ready();
    t = { app, db, config, outbox: mailer.outbox, close: () => app.close() };
    s = app.gameCatalog.settings;
    player = await createTestPlayer(testDb.db, systemClock, 100_000n);
    const games = new Map([
      ...(await seedGames(testDb.db, 'endorphina', [catalogEntry({ providerGameId: 'endo-o' })])),
      ...(await seedGames(testDb.db, 'pragmatic', [catalogEntry({ providerGameId: 'vs-o' })])),
      ...(await seedGames(testDb.db, 'gbgames', [catalogEntry({ providerGameId: 'gb-o' })])),
    ]);
    for (const [provider, game] of [
      ['endorphina', 'endo-o'],
      ['pragmatic', 'vs-o'],
      ['gbgames', 'gb-o'],
    ] as const) {
      tokens.set(
        provider,
        await recordTestLaunch(testDb.db, systemClock, {
          provider,
          gameId: games.get(game)!,
          userId: player.id,
          sessionId: player.sessionId,
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    await proxy?.up();
    await t?.close();
    await proxy?.close();
    await testDb?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const endorphinaBet = (id: string, amount: string) => {
    const params = {
      token: tokens.get('endorphina')!,
      player: player.id,
      currency: 'USD',
      game: 'endo-o',
      amount,
      gameId: `r-${id}`,
      date: String(Date.now()),
      id,
    };
    return () =>
      t.app.inject({
        method: 'POST',
        url: '/api/endo-game/wallet/bet',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ...params,
          sign: endorphinaSign(params, s.endorphina.salt),
        }).toString(),
      });
  };

  const gbBet = (transactionId: string, amount: string) => {
    const roundId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e14));
    return () =>
      gbSend({
        type: 'bet',
        transactionId,
        roundId,
        token: tokens.get('gbgames')!,
        playerId: player.id,
        gameId: 'gb-o',
        currency: 'USD',
        amount,
      });
  };

  /** As the studio sends: a fresh timestamp on every attempt, signed over the exact bytes. */
  const gbSend = (message: Record<string, string>) => {
    const raw = JSON.stringify({ ...message, timestamp: new Date().toISOString() });
    return t.app.inject({
      method: 'POST',
      url: '/api/game/BetResult_url',
      headers: {
        'content-type': 'application/json',
        'x-gb-signature': gbSignature(raw, s.gbgames.secret),
      },
      payload: raw,
    });
  };

  const pragmaticBet = (reference: string, amount: string) => {
    const params = {
      providerId: 'PragmaticPlay',
      userId: player.id,
      gameId: 'vs-o',
      roundId: String(Math.floor(Math.random() * 1e12)),
      amount,
      reference,
      timestamp: String(Date.now()),
      roundDetails: 'spin',
    };
    return () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pragmatic/wallet/bet.html',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ...params,
          hash: pragmaticHash(params, s.pragmatic.secretKey),
        }).toString(),
      });
  };

  const balance = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/user/me', headers: player.authorization })
    ).json<{ balance: string }>().balance;

  /** Until /api/health says ok (the pool reconnected), at most `ms`. */
  const healthyWithin = async (ms: number) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode === 200) return Date.now() - started;
      await sleep(50);
    }
    throw new Error(`not healthy within ${ms} ms`);
  };

  it('answers every protocol’s retry while it is down, then applies the same calls once', async () => {
    // Fresh state while up: a card deposit waiting for 3-D Secure (its success arrives by
    // webhook) and a crypto deposit waiting for coins (by IPN).
    const signedIn = asSignedIn(player);
    const pm = await cardToken(t, signedIn, cards.threeDSecure);
    const card = (
      await deposit(t, signedIn, { amount: '30.00', payment_method: pm })
    ).json<Payment>();
    expect(card.status, JSON.stringify(card)).toBe('requires_action');
    const crypto = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/crypto/deposits',
        headers: player.authorization,
        payload: { amount: '20.00', net: 'TRC', idempotency_key: randomUUID() },
      })
    ).json<Payment>();
    expect(crypto.status).toBe('pending');
    expect(await balance()).toBe('100.00');

    const endo = endorphinaBet(randomBytes(8).toString('hex'), '1000');
    const gb = gbBet(randomBytes(8).toString('hex'), '1.00');
    const pragmatic = pragmaticBet(randomBytes(8).toString('hex'), '1.00');

    await proxy.down();
    try {
      // Health: not ready, with the database down.
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });

      // Player API: 503 in the API's error shape with Retry-After, for a signed-in player
      // (never a 401 that would sign them out) and for a guest's login.
      for (const request of [
        { method: 'GET' as const, url: '/api/user/me', headers: player.authorization },
        {
          method: 'POST' as const,
          url: '/api/auth/login',
          payload: { email: 'nobody@example.test', password: 'correct horse battery' },
        },
      ]) {
        const res = await t.app.inject(request);
        expect(res.statusCode, `${request.url}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        const body = res.json<{ error: { code: string; requestId: string } }>();
        expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
        expect(body.error.requestId).toBe(res.headers['x-request-id']);
      }

      // Provider callbacks: their protocol's retryable error.
      const endoDown = await endo();
      expect(endoDown.statusCode).toBe(500);
      expect(endoDown.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      const gbDown = await gb();
      expect(gbDown.statusCode).toBe(500);
      expect(gbDown.json()).toMatchObject({ status: 'ERROR', code: 'INTERNAL' });
      const pragmaticDown = await pragmatic();
      expect(pragmaticDown.statusCode).toBe(200);
      expect(pragmaticDown.json()).toMatchObject({ error: 100 });

      // Payment webhooks: the services' own deliveries, answered non-2xx, so kept for retry.
      await t.app.inject({
        method: 'POST',
        url: `${card.redirect_url ?? ''}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      await sandboxOf(t).webhooks.settle();
      const cardDeliveries = sandboxOf(t)
        .webhooks.list()
        .filter((r) => JSON.stringify(r.event).includes(card.id));
      const succeeded = cardDeliveries.find((r) => r.event.type === 'payment_intent.succeeded');
      expect(succeeded?.delivered).toBe(false);
      expect(succeeded?.lastStatus).toBeGreaterThanOrEqual(500);

      const cryptoSandbox = t.app.payments.cryptoSandbox!;
      cryptoSandbox.sendCoins(
        crypto.crypto?.test_wallet_url?.split('/').at(-1) ?? '',
        crypto.crypto?.pay_amount ?? '',
      );
      cryptoSandbox.mine(5);
      await cryptoSandbox.ipns.settle();
      const ipns = cryptoSandbox.ipns.list();
      expect(ipns.length).toBeGreaterThan(0);
      for (const ipn of ipns) {
        expect(ipn.delivered).toBe(false);
        expect(ipn.lastStatus).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await proxy.up();
    }

    // Back: the pool reconnects by itself.
    expect(await healthyWithin(5_000)).toBeLessThan(5_000);
    // The providers retry the very same calls: applied now, and once.
    for (const call of [endo, gb, pragmatic]) {
      const first = await call();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.body).not.toMatch(/"error":[1-9]/);
      // A second retry (its answer lost, say) is answered from the first: the balance below.
      expect((await call()).statusCode).toBe(200);
    }
    // The services deliver again: credited now, once.
    await sandboxOf(t).webhooks.deliver();
    await t.app.payments.cryptoSandbox!.ipns.deliver();
    await sandboxOf(t).webhooks.settle();
    await t.app.payments.cryptoSandbox!.ipns.settle();
    expect(sandboxOf(t).webhooks.pending()).toEqual([]);
    expect(t.app.payments.cryptoSandbox!.ipns.pending()).toEqual([]);
    // 100 − three 1.00 bets + 30 (card) + 20 (crypto).
    expect(await balance()).toBe('147.00');
    await expectLedgerClean(testDb.db);
    // The outage was logged in fixed words, without the queries' values.
    const log = logLines.join('');
    expect(log).toContain('database unavailable');
    expect(log).not.toContain(tokens.get('endorphina')!);
    expect(log).not.toContain(player.accessToken);
  }, 60_000);
});
