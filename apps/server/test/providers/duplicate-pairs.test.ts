// Issue 25, "providers under concurrency": two copies of the same bet sent at the same moment
// to two instances, at the exact edge of the player's balance, must get the same answer (the
// applied bet's), never one success and one "insufficient funds". PostgreSQL only: PGlite is
// one connection, so nothing there is concurrent.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres-connection';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { createLaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { acceptRawFormBodies } from '../../src/features/providers/callback-params';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import {
  endorphinaWalletPrefix,
  endorphinaWalletRoutes,
} from '../../src/features/providers/endorphina/wallet-routes';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { gbWalletPath, gbWalletRoutes } from '../../src/features/providers/gbgames/wallet-routes';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import {
  pragmaticWalletPrefix,
  pragmaticWalletRoutes,
} from '../../src/features/providers/pragmatic/wallet-routes';
import type { ProviderSettings } from '../../src/features/providers/provider-settings';
import { createLedger } from '../../src/features/wallet/ledger';
import { fixedClock } from '../../src/lib/clock';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { testDatabaseDriver } from '../helpers/test-database';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
/** The count. */
const pairs = 200;
const onPostgres = testDatabaseDriver() === 'postgres';

let t: TestApp;
let settings: ProviderSettings;
/** A second instance: the same routes on its own pool, ledger and group commit. */
let other: FastifyInstance;
let otherDb: DatabaseConnection;
const games = new Map<string, string>();

type Sent = { status: number; body: Record<string, unknown> };
type Target = FastifyInstance;

async function inject(app: Target, url: string, payload: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp({ clock });
  settings = t.app.gameCatalog.settings;
  for (const [provider, game] of [
    ['pragmatic', 'vs20pairs'],
    ['endorphina', 'endo_pairs'],
    ['gbgames', 'gb-pairs'],
  ] as const) {
    games.set(
      provider,
      (await seedGames(t.db, provider, [catalogEntry({ providerGameId: game })])).get(game)!,
    );
  }
  const url = (
    (t.db as unknown as { $client: pg.Pool }).$client.options as { connectionString: string }
  ).connectionString;
  otherDb = openPostgres({ url, max: 10 });
  const deps = {
    sessions: createLaunchSessions({ launches: createLaunchRepository(otherDb), clock }),
    wallet: createLedger({ db: otherDb, clock }),
    clock,
  };
  other = Fastify();
  await other.register(async (scope) => {
    acceptRawFormBodies(scope);
    await scope.register(pragmaticWalletRoutes, {
      ...deps,
      settings: settings.pragmatic,
      prefix: pragmaticWalletPrefix,
    });
    await scope.register(endorphinaWalletRoutes, {
      ...deps,
      settings: settings.endorphina,
      prefix: endorphinaWalletPrefix,
    });
  });
  await other.register(gbWalletRoutes, { ...deps, settings: settings.gbgames });
});

afterAll(async () => {
  if (!onPostgres) return;
  await other.close();
  await otherDb.close();
  await t.close();
});

/** `pairs` players, each with exactly `balance` and a live launch of the provider's game. */
async function players(provider: 'pragmatic' | 'endorphina' | 'gbgames', balance: bigint) {
  return Promise.all(
    Array.from({ length: pairs }, async () => {
      const player = await createTestPlayer(t.db, clock, balance);
      const token = await recordTestLaunch(t.db, clock, {
        provider,
        gameId: games.get(provider)!,
        userId: player.id,
        sessionId: player.sessionId,
      });
      return { id: player.id, token };
    }),
  );
}

const id = () => randomBytes(10).toString('hex');

/** Both copies succeeded with the same transaction, and each wallet paid exactly once. */
async function expectOneAnswer(sent: [Sent, Sent][], success: (a: Sent) => boolean, ids: string[]) {
  for (const [a, b] of sent) {
    expect(success(a), JSON.stringify(a)).toBe(true);
    expect(success(b), JSON.stringify(b)).toBe(true);
    expect(b.body['transactionId']).toBe(a.body['transactionId']);
  }
  for (const userId of ids) expect((await t.app.wallet.getBalance(userId)).balance).toBe(0n);
  await expectLedgerClean(t.db);
}

describe.skipIf(!onPostgres)('200 concurrent duplicate bets at the balance’s edge', () => {
  it('Pragmatic: both copies get the applied bet’s answer', async () => {
    const ps = await players('pragmatic', 1_000n);
    const call = (app: Target, params: Record<string, string>) => {
      const signed = { providerId: 'PragmaticPlay', ...params };
      const body = new URLSearchParams({
        ...signed,
        hash: pragmaticHash(signed, settings.pragmatic.secretKey),
      });
      return inject(app, `${pragmaticWalletPrefix}/bet.html`, body.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    };
    const sent = await Promise.all(
      ps.map((p, i) => {
        const params = {
          userId: p.id,
          gameId: 'vs20pairs',
          roundId: String(500_000 + i),
          amount: '1.00',
          reference: id(),
          timestamp: '1795341300000',
        };
        return Promise.all([call(t.app, params), call(other, params)]);
      }),
    );
    await expectOneAnswer(
      sent,
      (a) => a.status === 200 && a.body['error'] === 0,
      ps.map((p) => p.id),
    );
  });

  it('Endorphina: both copies get the applied bet’s answer', async () => {
    const ps = await players('endorphina', 1_000n);
    const call = (app: Target, params: Record<string, string>) => {
      const body = new URLSearchParams({
        ...params,
        sign: endorphinaSign(params, settings.endorphina.salt),
      });
      return inject(app, `${endorphinaWalletPrefix}/bet`, body.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    };
    const sent = await Promise.all(
      ps.map((p, i) => {
        const params = {
          token: p.token,
          player: p.id,
          currency: 'USD',
          game: 'endo_pairs',
          gameId: String(600_000 + i),
          amount: '1000',
          date: '1795341300000',
          id: id(),
        };
        return Promise.all([call(t.app, params), call(other, params)]);
      }),
    );
    await expectOneAnswer(
      sent,
      (a) => a.status === 200 && typeof a.body['transactionId'] === 'string',
      ps.map((p) => p.id),
    );
  });

  it('GB Games: both copies get the applied bet’s answer', async () => {
    const ps = await players('gbgames', 1_000n);
    const call = (app: Target, message: Record<string, unknown>) => {
      const raw = JSON.stringify(message);
      return inject(app, gbWalletPath, raw, {
        'content-type': 'application/json',
        'x-gb-signature': gbSignature(raw, settings.gbgames.secret),
      });
    };
    const sent = await Promise.all(
      ps.map((p, i) => {
        const message = {
          type: 'bet',
          transactionId: id(),
          roundId: String(700_000 + i),
          token: p.token,
          playerId: p.id,
          gameId: 'gb-pairs',
          currency: 'USD',
          amount: '1.00',
          timestamp: clock.now().toISOString(),
        };
        return Promise.all([call(t.app, message), call(other, message)]);
      }),
    );
    await expectOneAnswer(
      sent,
      (a) => a.status === 200 && a.body['status'] === 'OK',
      ps.map((p) => p.id),
    );
  });
});
