import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { endorphinaWalletPrefix } from '../../src/features/providers/endorphina/wallet-routes';
import { gbSignature } from '../../src/features/providers/gbgames/signature';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import { pragmaticWalletPrefix } from '../../src/features/providers/pragmatic/wallet-routes';
import { rgConfigFrom } from '../../src/features/responsible-gaming/rg-config';
import { rgLimitsService } from '../../src/features/responsible-gaming/rg-limits-service';
import { rgRepository } from '../../src/features/responsible-gaming/rg-repository';
import { fixedClock } from '../../src/lib/clock';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * A loss or wager limit, a time-out and the session limit at the bet's own statement
 * (decision 070), through each studio's real callbacks: a bet that fits passes, one cent over
 * is refused with the protocol's own limit error and moves nothing; wins are never refused.
 */
const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
const config = rgConfigFrom({
  RG_DEFAULT_REALITY_CHECK_MINUTES: '60',
  RG_FLAG_NET_DEPOSITS_30D: '5000.00',
  RG_FLAG_LIMIT_RAISES_30D: 3,
  RG_FLAG_DECLINED_DEPOSITS_30D: 5,
}).responsibleGaming;
let t: TestApp;
const games = { endorphina: 'endo-rg@ENDORPHINA', pragmatic: 'vs20rg', gbgames: 'gb-rg' };
let gameIds: Map<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  gameIds = new Map([
    ...(await seedGames(t.db, 'endorphina', [catalogEntry({ providerGameId: games.endorphina })])),
    ...(await seedGames(t.db, 'pragmatic', [catalogEntry({ providerGameId: games.pragmatic })])),
    ...(await seedGames(t.db, 'gbgames', [catalogEntry({ providerGameId: games.gbgames })])),
  ]);
});
afterAll(async () => {
  await expectLedgerClean(t.db);
  await t.close();
});

const id = () => randomBytes(10).toString('hex');
const rounds = { n: 0 };
const round = () => String(100_000_000_000 + (rounds.n += 1));
const limits = () => rgLimitsService({ db: t.db, clock, repo: rgRepository(t.db), config });
const balanceOf = async (userId: string) => (await t.app.wallet.getBalance(userId)).balance;

type Provider = keyof typeof games;
interface Seat {
  userId: string;
  token: string;
}

async function seat(provider: Provider, balance = 100_000n): Promise<Seat> {
  const player = await createTestPlayer(t.db, clock, balance);
  const token = await recordTestLaunch(t.db, clock, {
    provider,
    gameId: gameIds.get(games[provider])!,
    userId: player.id,
    sessionId: player.sessionId,
  });
  return { userId: player.id, token };
}

/** One bet in the provider's own protocol: ok, or the protocol's error code. */
async function bet(provider: Provider, s: Seat, cents: number, roundId = round()) {
  const amount = (cents / 100).toFixed(2);
  if (provider === 'endorphina') {
    const params = {
      token: s.token,
      currency: 'USD',
      game: games.endorphina,
      player: s.userId,
      gameId: roundId,
      date: String(clock.now().getTime()),
      amount: String(cents * 10),
      id: id(),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `${endorphinaWalletPrefix}/bet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...params,
        sign: endorphinaSign(params, t.app.gameCatalog.settings.endorphina.salt),
      }).toString(),
    });
    const body = res.json<{ code?: string }>();
    return res.statusCode === 200 ? 'ok' : `${res.statusCode} ${body.code}`;
  }
  if (provider === 'pragmatic') {
    const params = {
      providerId: 'PragmaticPlay',
      userId: s.userId,
      gameId: games.pragmatic,
      roundId,
      amount,
      reference: id(),
      timestamp: String(clock.now().getTime()),
      roundDetails: 'spin',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `${pragmaticWalletPrefix}/bet.html`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...params,
        hash: pragmaticHash(params, t.app.gameCatalog.settings.pragmatic.secretKey),
      }).toString(),
    });
    const body = res.json<{ error: number }>();
    return body.error === 0 ? 'ok' : `error ${body.error}`;
  }
  const raw = JSON.stringify({
    type: 'bet',
    transactionId: id(),
    roundId,
    token: s.token,
    playerId: s.userId,
    gameId: games.gbgames,
    currency: 'USD',
    amount,
    timestamp: clock.now().toISOString(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/game/BetResult_url',
    headers: {
      'content-type': 'application/json',
      'x-gb-signature': gbSignature(raw, t.app.gameCatalog.settings.gbgames.secret),
    },
    payload: raw,
  });
  const body = res.json<{ code?: string }>();
  return res.statusCode === 200 ? 'ok' : `${res.statusCode} ${body.code}`;
}

const limitError = {
  endorphina: '403 LIMIT_REACHED',
  pragmatic: 'error 50',
  gbgames: '403 LIMIT_REACHED',
};
const frozenError = {
  endorphina: '403 LIMIT_REACHED',
  pragmatic: 'error 6',
  gbgames: '403 LIMIT_REACHED',
};

describe.each(['endorphina', 'pragmatic', 'gbgames'] as const)('%s bets', (provider) => {
  it('a loss limit of 10.00: 9.99 passes, one cent more is refused and nothing moves', async () => {
    const s = await seat(provider);
    await limits().setLimit(
      s.userId,
      { kind: 'loss', period: 'day', amount: '10.00' },
      { by: 'player' },
    );
    expect(await bet(provider, s, 999)).toBe('ok');
    const before = await balanceOf(s.userId);
    expect(await bet(provider, s, 2)).toBe(limitError[provider]);
    expect(await balanceOf(s.userId)).toBe(before);
    expect(await bet(provider, s, 1)).toBe('ok');
  });

  it('a wager limit of 5.00 per 7 days at its boundary', async () => {
    const s = await seat(provider);
    await limits().setLimit(
      s.userId,
      { kind: 'wager', period: 'week', amount: '5.00' },
      { by: 'player' },
    );
    expect(await bet(provider, s, 499)).toBe('ok');
    expect(await bet(provider, s, 2)).toBe(limitError[provider]);
    expect(await bet(provider, s, 1)).toBe('ok');
    expect(await balanceOf(s.userId)).toBe(95_000n);
  });

  it('a time-out refuses every bet with the protocol’s error', async () => {
    const s = await seat(provider);
    await limits().setRealityCheck(s.userId, 15);
    await rgRepository(t.db).updatePlayer(t.db, s.userId, {
      blockKind: 'time_out',
      blockedUntil: new Date(clock.now().getTime() + 24 * 3_600_000),
    });
    expect(await bet(provider, s, 1)).toBe(frozenError[provider]);
    expect(await balanceOf(s.userId)).toBe(100_000n);
  });
});

describe('wins are never refused', () => {
  it('a Pragmatic result lands after the loss limit is reached', async () => {
    const s = await seat('pragmatic');
    await limits().setLimit(
      s.userId,
      { kind: 'loss', period: 'day', amount: '1.00' },
      { by: 'player' },
    );
    const roundId = round();
    expect(await bet('pragmatic', s, 100, roundId)).toBe('ok');
    const win = await t.app.wallet.postWin({
      userId: s.userId,
      amount: 50_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: id(),
      roundId,
      operation: 'result',
    });
    expect(win.outcome).toBe('applied');
    // The win made room again: the loss is now 1.00 − 50.00.
    expect(await bet('pragmatic', s, 100)).toBe('ok');
  });
});
