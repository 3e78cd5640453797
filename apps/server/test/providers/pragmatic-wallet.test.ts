// Pragmatic's Seamless Wallet money methods on the ledger, exercised as the provider would:
// form-encoded POSTs with real hashes through the app (t.app.inject), then the ledger read back.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { hashLaunchToken } from '../../src/features/game-sessions/launch-token';
import { acceptRawFormBodies } from '../../src/features/providers/callback-params';
import { createLaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { createPragmaticGames } from '../../src/features/providers/pragmatic/catalog-games';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import {
  pragmaticWalletPrefix,
  pragmaticWalletRoutes,
} from '../../src/features/providers/pragmatic/wallet-routes';
import type { ProviderSettings } from '../../src/features/providers/provider-settings';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { seededRandom } from '../helpers/seeded-random';
import { testDatabaseDriver } from '../helpers/test-database';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
const game = 'vs20fruits';
const otherGame = 'vs20other';
const disabledGame = 'vs20gone';
/** The same routes with our catalog wired in (error 8), and with no secret key at all. */
const wiredPrefix = '/test/pragmatic-wired';
const noKeyPrefix = '/test/pragmatic-no-key';
const providerId = 'PragmaticPlay';

let t: TestApp;
let s: ProviderSettings;
let gameIds: Map<string, string>;
const logLines: string[] = [];

type Answer = Record<string, unknown> & { error: number; description: string };
type Params = Record<string, string>;

async function post(
  method: string,
  params: Params,
  options: { hash?: string; prefix?: string } = {},
): Promise<Answer> {
  const signed = { providerId, ...params };
  const body = new URLSearchParams({
    ...signed,
    hash: options.hash ?? pragmaticHash(signed, s.pragmatic.secretKey),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `${options.prefix ?? pragmaticWalletPrefix}/${method}.html`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
  // Always HTTP 200: the outcome is in `error`.
  expect(res.statusCode).toBe(200);
  return res.json<Answer>();
}

let references = 0;
/** 24 hex characters, as the studio's references are. */
const reference = () =>
  `${(++references).toString(16).padStart(8, '0')}${randomBytes(8).toString('hex')}`;
const roundId = () => String(100_000_000_000_000 + references);

interface Player {
  userId: string;
  sessionId: string;
}

/** A player with a wallet (25.005 USD unless told) and, unless `launch` is false, a launch of `game`. */
async function newPlayer(
  balance = 25_005n,
  launch: false | { ttlSeconds?: number; providerGameId?: string } = {},
): Promise<Player> {
  const player = await createTestPlayer(t.db, clock, balance);
  if (launch) {
    await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get(launch.providerGameId ?? game)!,
      userId: player.id,
      sessionId: player.sessionId,
      ...(launch.ttlSeconds === undefined ? {} : { ttlSeconds: launch.ttlSeconds }),
    });
  }
  return { userId: player.id, sessionId: player.sessionId };
}

/** The parameters of a bet or result, as the studio sends them. */
const roundCall = (userId: string, amount: string, extra: Params = {}): Params => ({
  userId,
  gameId: game,
  roundId: roundId(),
  amount,
  reference: reference(),
  timestamp: '1795341300000',
  roundDetails: 'spin',
  ...extra,
});

const balanceOf = async (userId: string) => (await t.app.wallet.getBalance(userId)).balance;

interface EntryRow {
  kind: string;
  status: string;
  operation: string;
  amount: string;
  provider_tx_id: string;
  game_id: string | null;
  round_id: string | null;
  meta: Record<string, unknown> | null;
  [key: string]: unknown;
}

const entriesOf = async (userId: string) =>
  (
    await t.db.execute<EntryRow>(sql`
      select kind, status, operation, amount::text as amount, provider_tx_id, game_id,
        round_id, meta
      from ledger_entries where user_id = ${userId}::uuid and provider = 'pragmatic'
      order by id`)
  ).rows;

beforeAll(async () => {
  const logger = createLogger(
    { logLevel: 'info', env: 'test' },
    { write: (line: string) => void logLines.push(line) },
  );
  t = await buildTestApp({ clock, logger });
  s = t.app.gameCatalog.settings;
  gameIds = new Map([
    ...(await seedGames(t.db, 'pragmatic', [
      catalogEntry({ providerGameId: game }),
      catalogEntry({ providerGameId: otherGame }),
    ])),
    ...(await seedGames(t.db, 'pragmatic', [catalogEntry({ providerGameId: disabledGame })], {
      enabled: false,
    })),
  ]);
  const sessions = createLaunchSessions({ launches: createLaunchRepository(t.db), clock });
  await t.app.register(async (instance) => {
    acceptRawFormBodies(instance);
    const base = { sessions, wallet: t.app.wallet, clock };
    await instance.register(pragmaticWalletRoutes, {
      ...base,
      prefix: wiredPrefix,
      settings: s.pragmatic,
      games: createPragmaticGames(t.db),
    });
    await instance.register(pragmaticWalletRoutes, {
      ...base,
      prefix: noKeyPrefix,
      settings: { ...s.pragmatic, secretKey: '' },
    });
  });
});

afterAll(async () => {
  await t.close();
});

describe('the hash', () => {
  const moneyCalls = (userId: string, betRef: string): [string, Params][] => [
    ['bet', roundCall(userId, '1.00', { reference: betRef })],
    ['result', roundCall(userId, '2.00')],
    [
      'bonusWin',
      { userId, amount: '3.00', reference: reference(), timestamp: '1', bonusCode: 'b1' },
    ],
    [
      'jackpotWin',
      {
        userId,
        amount: '4.00',
        reference: reference(),
        timestamp: '1',
        gameId: game,
        roundId: roundId(),
        jackpotId: 'j1',
      },
    ],
    [
      'promoWin',
      {
        userId,
        amount: '5.00',
        reference: reference(),
        timestamp: '1',
        campaignId: 'c1',
        campaignType: 'T',
        currency: 'USD',
      },
    ],
    ['refund', { userId, reference: betRef, amount: '1.00', gameId: game, roundId: roundId() }],
    ['endRound', { userId, gameId: game, roundId: roundId() }],
    ['getBalancePerGame', { userId, gameIdList: `${game},${otherGame}` }],
  ];

  it('a missing, wrong or other-key hash gets 5 on every money method and moves nothing', async () => {
    const { userId } = await newPlayer();
    for (const [method, params] of moneyCalls(userId, reference())) {
      expect(await post(method, params, { hash: 'f'.repeat(32) }), method).toMatchObject({
        error: 5,
      });
      const otherKey = pragmaticHash({ providerId, ...params }, 'not-the-key');
      expect(await post(method, params, { hash: otherKey }), method).toMatchObject({ error: 5 });
      // A parameter changed after signing: the hash no longer matches.
      const signed = pragmaticHash({ providerId, ...params }, s.pragmatic.secretKey);
      expect(
        await post(method, { ...params, userId: randomUUID() }, { hash: signed }),
        method,
      ).toMatchObject({ error: 5 });
      const unsigned = await t.app.inject({
        method: 'POST',
        url: `${pragmaticWalletPrefix}/${method}.html`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ providerId, ...params }).toString(),
      });
      expect(unsigned.json(), method).toMatchObject({ error: 5 });
    }
    expect(await balanceOf(userId)).toBe(25_005n);
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('a good hash is answered on every money method', async () => {
    const { userId } = await newPlayer();
    const betRef = reference();
    for (const [method, params] of moneyCalls(userId, betRef)) {
      expect(await post(method, params), method).toMatchObject({
        error: 0,
        description: 'Success',
      });
    }
    // −1 bet, +2 result, bonusWin moves nothing, +4 jackpot, +5 promo, +1 refund of the bet.
    expect(await balanceOf(userId)).toBe(25_005n + 11_000n);
  });

  it('without a secret key everything is refused (5), a correctly keyed call too', async () => {
    const { userId } = await newPlayer();
    for (const [method, params] of moneyCalls(userId, reference())) {
      const keyed = pragmaticHash({ providerId, ...params }, '');
      expect(
        await post(method, params, { prefix: noKeyPrefix, hash: keyed }),
        method,
      ).toMatchObject({
        error: 5,
      });
    }
    expect(await balanceOf(userId)).toBe(25_005n);
  });

  it('a repeated parameter is malformed (7), before the hash', async () => {
    const { userId } = await newPlayer();
    const params = { providerId, ...roundCall(userId, '1.00') };
    const res = await t.app.inject({
      method: 'POST',
      url: `${pragmaticWalletPrefix}/bet.html`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams({ ...params, hash: pragmaticHash(params, s.pragmatic.secretKey) }).toString()}&amount=9.00`,
    });
    expect(res.json()).toMatchObject({ error: 7 });
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe('bet and result', () => {
  it('bet → result → endRound: the answers, cash in cents rounded down, the rows', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    const betAnswer = await post('bet', bet);
    // 25.005 − 1.00 = 24.005 USD, shown as 24 (never a cent the player does not have).
    expect(betAnswer).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 24,
      bonus: 0,
      usedPromo: 0,
      error: 0,
      description: 'Success',
    });
    const result = { ...bet, amount: '2.50', reference: reference() };
    const resultAnswer = await post('result', result);
    expect(resultAnswer).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 26.5,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    expect(resultAnswer.transactionId).not.toBe(betAnswer.transactionId);
    const end = { userId, gameId: game, roundId: bet.roundId! };
    expect(await post('endRound', end)).toEqual({
      cash: 26.5,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    expect(await post('endRound', end)).toMatchObject({ error: 0, cash: 26.5 });
    expect(await balanceOf(userId)).toBe(26_505n);
    expect(await entriesOf(userId)).toEqual([
      {
        kind: 'bet',
        status: 'applied',
        operation: 'bet',
        amount: '-1000',
        provider_tx_id: bet.reference,
        game_id: game,
        round_id: bet.roundId,
        meta: { timestamp: '1795341300000', roundDetails: 'spin' },
      },
      {
        kind: 'win',
        status: 'applied',
        operation: 'result',
        amount: '2500',
        provider_tx_id: result.reference,
        game_id: game,
        round_id: bet.roundId,
        meta: { timestamp: '1795341300000', roundDetails: 'spin' },
      },
    ]);
  });

  it('a result of 0.00 (a lost round) is a real, idempotent posting', async () => {
    const { userId } = await newPlayer();
    await post('bet', roundCall(userId, '5.00'));
    const zero = roundCall(userId, '0.00');
    const first = await post('result', zero);
    expect(first).toMatchObject({ error: 0, cash: 20 });
    expect(await post('result', zero)).toEqual(first);
    expect((await entriesOf(userId)).map((e) => [e.operation, e.amount])).toEqual([
      ['bet', '-5000'],
      ['result', '0'],
    ]);
  });

  it('insufficient funds: 1, and nothing moves', async () => {
    const { userId } = await newPlayer();
    expect(await post('bet', roundCall(userId, '25.01'))).toMatchObject({
      error: 1,
      description: 'Insufficient balance',
    });
    expect(await balanceOf(userId)).toBe(25_005n);
    expect(await entriesOf(userId)).toEqual([]);
    // The whole balance is fine.
    expect(await post('bet', roundCall(userId, '25.00'))).toMatchObject({ error: 0, cash: 0 });
  });

  it('a repeated bet or result: no new transaction, the same id, the CURRENT balance', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    const betAnswer = await post('bet', bet);
    const result = { ...bet, amount: '3.00', reference: reference() };
    const resultAnswer = await post('result', result);
    expect(resultAnswer).toMatchObject({ cash: 27 });
    // The bet again (the provider missed our answer): its transaction id, today's balance.
    expect(await post('bet', bet)).toEqual({ ...betAnswer, cash: 27 });
    // With another timestamp (meta is not compared on a repeat).
    expect(await post('bet', { ...bet, timestamp: '1795341399999' })).toEqual({
      ...betAnswer,
      cash: 27,
    });
    await post('bet', roundCall(userId, '2.00'));
    expect(await post('result', result)).toEqual({ ...resultAnswer, cash: 25 });
    expect(await balanceOf(userId)).toBe(25_005n);
    expect((await entriesOf(userId)).map((e) => e.provider_tx_id)).toEqual([
      bet.reference,
      result.reference,
      expect.any(String),
    ]);
  });

  it('the same reference with another amount, round or player is refused (7) and moves nothing', async () => {
    const { userId } = await newPlayer();
    const other = await newPlayer();
    const bet = roundCall(userId, '1.00');
    await post('bet', bet);
    const result = { ...bet, amount: '2.00', reference: reference() };
    await post('result', result);
    const before = await balanceOf(userId);
    for (const [method, call] of [
      ['bet', { ...bet, amount: '1.50' }],
      ['bet', { ...bet, roundId: roundId() }],
      ['bet', { ...bet, userId: other.userId }],
      ['result', { ...result, amount: '20.00' }],
      ['result', { ...result, userId: other.userId }],
    ] as const) {
      expect(await post(method, call), `${method} ${JSON.stringify(call)}`).toMatchObject({
        error: 7,
      });
    }
    expect(await balanceOf(userId)).toBe(before);
    expect(await balanceOf(other.userId)).toBe(25_005n);
    expect(await entriesOf(userId)).toHaveLength(2);
    expect(await entriesOf(other.userId)).toEqual([]);
  });

  it('malformed amounts are bad parameters (7): no posting', async () => {
    const { userId } = await newPlayer();
    const malformed = [
      '1',
      '1.001',
      '-1.00',
      '1e2',
      '1.0e2',
      '1000000000.01',
      ' 1.00',
      '1,00',
      '+1.00',
      '.50',
      'NaN',
      '0x10',
    ];
    for (const amount of malformed) {
      expect(await post('bet', roundCall(userId, amount)), amount).toMatchObject({ error: 7 });
      expect(await post('result', roundCall(userId, amount)), amount).toMatchObject({ error: 7 });
      expect(
        await post('bonusWin', { userId, amount, reference: reference(), bonusCode: 'b' }),
        amount,
      ).toMatchObject({ error: 7 });
      expect(
        await post('refund', { userId, reference: reference(), amount }),
        amount,
      ).toMatchObject({
        error: 7,
      });
    }
    expect(await post('bet', roundCall(userId, ''))).toMatchObject({ error: 7 });
    expect(await balanceOf(userId)).toBe(25_005n);
    expect(await entriesOf(userId)).toEqual([]);
    // Pragmatic prints amounts as doubles ("2.5"), the studio with two places: both exact.
    expect(await post('bet', roundCall(userId, '2.5'))).toMatchObject({ error: 0, cash: 22.5 });
    expect(await post('result', roundCall(userId, '1000000000.00'))).toMatchObject({ error: 0 });
  });

  it('missing parameters are bad parameters (7)', async () => {
    const { userId } = await newPlayer();
    for (const name of ['userId', 'gameId', 'roundId', 'amount', 'reference']) {
      const call = roundCall(userId, '1.00');
      delete call[name];
      expect(await post('bet', call), name).toMatchObject({ error: 7 });
    }
    for (const name of ['userId', 'amount', 'reference']) {
      const call = roundCall(userId, '1.00');
      delete call[name];
      expect(await post('result', call), name).toMatchObject({ error: 7 });
    }
    expect(
      await post('promoWin', { userId, amount: '1.00', reference: reference() }),
    ).toMatchObject({
      error: 7,
    });
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe('who may bet', () => {
  it('an unknown player gets 2 on bet, result and the reads', async () => {
    for (const userId of [randomUUID(), 'not-a-uuid', 'AB']) {
      expect(await post('bet', roundCall(userId, '1.00')), userId).toMatchObject({ error: 2 });
      expect(await post('result', roundCall(userId, '1.00')), userId).toMatchObject({ error: 2 });
      expect(await post('refund', { userId, reference: reference() }), userId).toMatchObject({
        error: 2,
      });
      expect(await post('endRound', { userId, gameId: game, roundId: '1' })).toMatchObject({
        error: 2,
      });
    }
  });

  it('a player who never launched a Pragmatic game gets 4; a game outside the catalog 8', async () => {
    const { userId } = await newPlayer(25_005n, false);
    expect(await post('bet', roundCall(userId, '1.00', { gameId: otherGame }))).toMatchObject({
      error: 4,
    });
    expect(await post('bet', roundCall(userId, '1.00', { gameId: 'vs99nosuch' }))).toMatchObject({
      error: 8,
    });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: 'vs99nosuch' }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8, description: 'Game not found' });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: otherGame }), { prefix: wiredPrefix }),
    ).toMatchObject({ error: 4 });
    expect(await balanceOf(userId)).toBe(25_005n);
  });

  it('with the catalog wired: a disabled game is 8 even with a live launch; the player is judged first', async () => {
    const { userId } = await newPlayer(25_005n, { providerGameId: disabledGame });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: disabledGame }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8, description: 'Game disabled' });
    expect(
      await post('bet', roundCall(randomUUID(), '1.00', { gameId: 'vs99nosuch' }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 2 });
    // Wins still land on a disabled game.
    expect(
      await post('result', roundCall(userId, '1.00', { gameId: disabledGame }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 0, cash: 26 });
    // And a live launch of an enabled game bets normally through the wired routes.
    const other = await newPlayer();
    expect(
      await post('bet', roundCall(other.userId, '1.00'), { prefix: wiredPrefix }),
    ).toMatchObject({
      error: 0,
      cash: 24,
    });
  });

  it('an expired launch: a new bet is refused (4), a retried one replayed; the result, refund and endRound land', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '2.00');
    const taken = await post('bet', bet);
    expect(taken).toMatchObject({ error: 0, cash: 23 });
    clock.advance(3600_000);
    try {
      expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 4 });
      // The result of another round: a refund of a bet whose own round has its result is
      // refused (120), see "refund" below.
      expect(
        await post('result', {
          ...bet,
          amount: '5.00',
          reference: reference(),
          roundId: roundId(),
        }),
      ).toMatchObject({
        error: 0,
        cash: 28,
      });
      // The bet taken before expiry, retried now: its first answer (current balance), not 4,
      // else the provider would refund a bet it believes failed. Other content is still 7.
      expect(await post('bet', bet)).toEqual({ ...taken, cash: 28 });
      expect(await post('bet', { ...bet, amount: '2.50' })).toMatchObject({ error: 7 });
      // Hours later, from the provider's reconciliation.
      clock.advance(5 * 3600_000);
      expect(
        await post('refund', { userId, reference: bet.reference!, amount: '2.00' }),
      ).toMatchObject({
        error: 0,
      });
      expect(await post('endRound', { userId, gameId: game, roundId: bet.roundId! })).toMatchObject(
        {
          error: 0,
          cash: 30,
        },
      );
    } finally {
      clock.set(new Date('2026-11-22T10:15:00.000Z'));
    }
    expect(await balanceOf(userId)).toBe(30_005n);
  });

  it('a launch already expired when recorded gets 4; a newer launch of the game is what counts', async () => {
    const { userId } = await newPlayer(25_005n, { ttlSeconds: -1 });
    expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 4 });
    await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get(game)!,
      userId,
    });
    expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 0, cash: 24 });
  });

  it('after sign-out a new bet is refused (2, logged out), a retried one replayed; the result still lands', async () => {
    const { userId, sessionId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    const taken = await post('bet', bet);
    expect(taken).toMatchObject({ error: 0 });
    await t.db.execute(
      sql`update sessions set revoked_at = ${new Date(clock.now().getTime() - 1000).toISOString()}::timestamptz where id = ${sessionId}::uuid`,
    );
    expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({
      error: 2,
      description: 'Player logged out',
    });
    expect(await post('result', { ...bet, amount: '4.00', reference: reference() })).toMatchObject({
      error: 0,
      cash: 28,
    });
    // A retry of the bet taken before the sign-out: its first answer, nothing moves.
    expect(await post('bet', bet)).toEqual({ ...taken, cash: 28 });
    expect(await balanceOf(userId)).toBe(28_005n);
  });
});

describe('a parameter no column can hold', () => {
  it('a NUL in a signed credit or bet is bad parameters (7), final, and moves nothing', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    expect(await post('bet', bet)).toMatchObject({ error: 0 });
    const before = await balanceOf(userId);
    const rows = (await entriesOf(userId)).length;
    for (const [method, params] of [
      ['result', { ...bet, amount: '2.00', reference: `r\u0000${reference()}` }],
      ['result', { ...bet, amount: '2.00', reference: reference(), roundDetails: 'x\u0000' }],
      ['bet', { ...roundCall(userId, '1.00'), gameId: `${game}\u0000` }],
      ['adjustment', { ...bet, amount: '1.00', reference: `a\u0000` }],
    ] as const) {
      expect(await post(method, params), method).toEqual({
        error: 7,
        description: 'Bad parameters: a parameter holds a NUL character or an unpaired surrogate',
      });
    }
    expect(await balanceOf(userId)).toBe(before);
    expect(await entriesOf(userId)).toHaveLength(rows);
    await expectLedgerClean(t.db);
  });
});

describe('refund', () => {
  it('a refund of a bet never seen: success, nothing moves, and the late bet is refused (3)', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    const refund = {
      userId,
      reference: bet.reference!,
      amount: '1.00',
      gameId: game,
      roundId: bet.roundId!,
    };
    const answer = await post('refund', refund);
    expect(answer).toEqual({
      transactionId: expect.any(String) as string,
      error: 0,
      description: 'Success',
    });
    expect(await post('refund', refund)).toEqual(answer);
    expect(await post('bet', bet)).toMatchObject({ error: 3 });
    expect(await post('bet', bet)).toMatchObject({ error: 3 });
    expect(await balanceOf(userId)).toBe(25_005n);
    expect((await entriesOf(userId)).map((e) => [e.kind, e.status, e.amount])).toEqual([
      ['refund', 'tombstone', '0'],
    ]);
  });

  it('a refund of a known bet credits it once; repeats succeed with the same id', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '3.00');
    await post('bet', bet);
    const refund = {
      userId,
      reference: bet.reference!,
      amount: '3.00',
      gameId: game,
      roundId: bet.roundId!,
    };
    const answer = await post('refund', refund);
    expect(answer).toMatchObject({ error: 0 });
    expect(await post('refund', refund)).toEqual(answer);
    // Leaving out the optional parameters is the same refund.
    expect(await post('refund', { userId, reference: bet.reference! })).toEqual(answer);
    // Another amount than the refund said is not.
    expect(await post('refund', { ...refund, amount: '2.00' })).toMatchObject({ error: 7 });
    // The bet again after its refund: still the first answer (the bet's id), nothing moves.
    expect(await post('bet', bet)).toMatchObject({ error: 0 });
    expect(await balanceOf(userId)).toBe(25_005n);
    expect((await entriesOf(userId)).map((e) => [e.kind, e.amount])).toEqual([
      ['bet', '-3000'],
      ['refund', '3000'],
    ]);
  });

  it('a refund whose amount is not the bet’s is refused (7); without an amount it refunds the bet', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '3.00');
    await post('bet', bet);
    expect(
      await post('refund', { userId, reference: bet.reference!, amount: '2.00' }),
    ).toMatchObject({
      error: 7,
    });
    expect(await balanceOf(userId)).toBe(22_005n);
    expect(await post('refund', { userId, reference: bet.reference! })).toMatchObject({ error: 0 });
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe('a refund after its round was settled by a result', () => {
  it('is refused with 120 (no retry, no reconciliation) and moves nothing, after a lost round too', async () => {
    const { userId } = await newPlayer();
    for (const won of ['4.00', '0.00']) {
      const bet = roundCall(userId, '2.00');
      expect(await post('bet', bet)).toMatchObject({ error: 0 });
      const result = { ...bet, amount: won, reference: reference() };
      expect(await post('result', result)).toMatchObject({ error: 0 });
      const before = await balanceOf(userId);
      const rows = (await entriesOf(userId)).length;
      // The refund as the protocol lists it: the bet's reference, no amount, game or round.
      const refund = { userId, reference: bet.reference! };
      const refusal = {
        error: 120,
        description: 'Refund refused: the round was already settled by a result',
      };
      expect(await post('refund', refund)).toEqual(refusal);
      expect(await post('refund', { ...refund, amount: '2.00' })).toEqual(refusal);
      expect(await balanceOf(userId)).toBe(before);
      expect(await entriesOf(userId)).toHaveLength(rows);
    }
    // 25.005 − 2 + 4 − 2 + 0: both bets stand.
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe('jackpotWin and promoWin', () => {
  it('each is credited once under its own operation, and a repeat answers the same id', async () => {
    const { userId } = await newPlayer();
    const calls: [string, Params][] = [
      [
        'jackpotWin',
        {
          userId,
          amount: '10.00',
          reference: reference(),
          timestamp: '1',
          gameId: game,
          roundId: roundId(),
          jackpotId: 'jp-1',
        },
      ],
      [
        'promoWin',
        {
          userId,
          amount: '2.50',
          reference: reference(),
          timestamp: '1',
          campaignId: 'cmp-1',
          campaignType: 'T',
          currency: 'USD',
        },
      ],
    ];
    const cashAfter = [35, 37.5];
    for (const [i, [method, params]] of calls.entries()) {
      const first = await post(method, params);
      expect(first, method).toEqual({
        transactionId: expect.any(String) as string,
        currency: 'USD',
        cash: cashAfter[i],
        bonus: 0,
        error: 0,
        description: 'Success',
      });
      expect(await post(method, params), method).toEqual(first);
      expect(await post(method, { ...params, amount: '1.00' }), method).toMatchObject({ error: 7 });
    }
    expect(await balanceOf(userId)).toBe(37_505n);
    expect((await entriesOf(userId)).map((e) => [e.kind, e.operation, e.amount, e.meta])).toEqual([
      ['win', 'jackpotWin', '10000', { timestamp: '1', jackpotId: 'jp-1' }],
      ['win', 'promoWin', '2500', { timestamp: '1', campaignId: 'cmp-1', campaignType: 'T' }],
    ]);
  });

  it('each winning method has its own references: the same reference in two is two wins', async () => {
    const { userId } = await newPlayer();
    const ref = reference();
    expect(await post('result', { ...roundCall(userId, '1.00'), reference: ref })).toMatchObject({
      error: 0,
    });
    expect(await post('jackpotWin', { userId, amount: '1.00', reference: ref })).toMatchObject({
      error: 0,
    });
    expect(await balanceOf(userId)).toBe(27_005n);
  });

  it('a promoWin in another currency than the wallet’s is refused (7)', async () => {
    const { userId } = await newPlayer();
    expect(
      await post('promoWin', { userId, amount: '2.50', reference: reference(), currency: 'EUR' }),
    ).toMatchObject({ error: 7 });
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe('endRound and getBalancePerGame', () => {
  it('endRound answers cash and bonus, moves nothing and may repeat', async () => {
    const { userId } = await newPlayer();
    const end = { userId, gameId: game, roundId: roundId() };
    for (let i = 0; i < 3; i++) {
      expect(await post('endRound', end)).toEqual({
        cash: 25,
        bonus: 0,
        error: 0,
        description: 'Success',
      });
    }
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('getBalancePerGame answers the one wallet for every game asked about', async () => {
    const { userId } = await newPlayer();
    await post('bet', roundCall(userId, '0.50'));
    expect(
      await post('getBalancePerGame', { userId, gameIdList: `${game}, ${otherGame},${game}` }),
    ).toEqual({
      gamesBalances: [
        { gameID: game, cash: 24.5, bonus: 0 },
        { gameID: otherGame, cash: 24.5, bonus: 0 },
      ],
      error: 0,
      description: 'Success',
    });
    expect(await post('getBalancePerGame', { userId, gameIdList: ' , ' })).toMatchObject({
      error: 7,
    });
    expect(await post('getBalancePerGame', { userId })).toMatchObject({ error: 7 });
    expect(
      await post('getBalancePerGame', { userId: randomUUID(), gameIdList: game }),
    ).toMatchObject({ error: 2 });
  });
});

/**
 * A call exactly as the public material shows it: form fields in the provider's order, empty
 * fields sent as `name=`, the hash over the non-empty fields only (computed here independently
 * of the code under test).
 */
async function postAsProvider(method: string, fields: [string, string][]): Promise<Answer> {
  const all: [string, string][] = [['providerId', providerId], ...fields];
  const text = all
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  const hash = createHash('md5')
    .update(text + s.pragmatic.secretKey)
    .digest('hex');
  const res = await t.app.inject({
    method: 'POST',
    url: `${pragmaticWalletPrefix}/${method}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([...all, ['hash', hash]]).toString(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<Answer>();
}

describe('the provider’s real shapes (issue 10)', () => {
  it('a result carrying an empty bonusCode= is signed without it and lands', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.0');
    expect(await post('bet', bet)).toMatchObject({ error: 0, cash: 24 });
    const fields: [string, string][] = [
      ['userId', userId],
      ['gameId', game],
      ['roundId', bet.roundId!],
      ['amount', '5.6'],
      ['reference', reference()],
      ['timestamp', '1795341300000'],
      ['roundDetails', 'spin'],
      ['bonusCode', ''],
      ['platform', 'WEB'],
    ];
    expect(await postAsProvider('result.html', fields)).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 29.6,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    // Signed the old way, with the empty field in the hash: refused (5), nothing moves.
    const oldWay = { providerId, ...Object.fromEntries(fields), reference: reference() };
    const text = Object.keys(oldWay)
      .sort()
      .map((k) => `${k}=${oldWay[k as keyof typeof oldWay]}`)
      .join('&');
    const res = await t.app.inject({
      method: 'POST',
      url: `${pragmaticWalletPrefix}/result.html`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...oldWay,
        hash: createHash('md5')
          .update(text + s.pragmatic.secretKey)
          .digest('hex'),
      }).toString(),
    });
    expect(res.json()).toMatchObject({ error: 5 });
    expect(await balanceOf(userId)).toBe(29_605n);
    await expectLedgerClean(t.db);
  });

  it('bonusWin moves no money: success with the current balance, a stable id, the record kept', async () => {
    const { userId } = await newPlayer();
    // The free rounds' wins came as results (bonusCode set); bonusWin reports their total.
    const spin = roundCall(userId, '5.6', { bonusCode: 'frb-42' });
    expect(await post('result', spin)).toMatchObject({ error: 0, cash: 30.6 });
    const ref = reference();
    const fields: [string, string][] = [
      ['userId', userId],
      ['amount', '5.6'],
      ['reference', ref],
      ['timestamp', '1795341300000'],
      ['bonusCode', 'frb-42'],
    ];
    const first = await postAsProvider('bonusWin.html', fields);
    expect(first).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 30.6,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    expect(await balanceOf(userId)).toBe(30_605n);
    // The same call again: the same transaction, the balance now; still nothing moves.
    await post('bet', roundCall(userId, '1.00'));
    expect(await postAsProvider('bonusWin.html', fields)).toEqual({ ...first, cash: 29.6 });
    // The same reference with another total is not the same call.
    expect(
      await postAsProvider('bonusWin.html', [
        ['userId', userId],
        ['amount', '100.25'],
        ['reference', ref],
        ['timestamp', '1795341300000'],
        ['bonusCode', 'frb-42'],
      ]),
    ).toMatchObject({ error: 7 });
    expect(await balanceOf(userId)).toBe(29_605n);
    const bonusRows = (await entriesOf(userId)).filter((e) => e.operation === 'bonusWin');
    expect(bonusRows).toEqual([
      expect.objectContaining({
        kind: 'win',
        amount: '0',
        provider_tx_id: ref,
        meta: {
          timestamp: '1795341300000',
          bonusCode: 'frb-42',
          informational: true,
          reportedAmount: '5600',
        },
      }),
    ]);
    await expectLedgerClean(t.db);
  });

  it('a result with promoWinAmount pays the prize drop once per promoWinReference', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    await post('bet', bet);
    const promoRef = reference();
    const result: [string, string][] = [
      ['userId', userId],
      ['gameId', game],
      ['roundId', bet.roundId!],
      ['amount', '2.0'],
      ['reference', reference()],
      ['timestamp', '1795341300000'],
      ['roundDetails', 'spin'],
      ['bonusCode', ''],
      ['promoWinAmount', '5.6'],
      ['promoWinReference', promoRef],
      ['promoCampaignID', '3301'],
      ['promoCampaignType', 'R'],
    ];
    // 25.005 − 1.00 + 2.00 + 5.60 = 31.605 USD.
    const first = await postAsProvider('result.html', result);
    expect(first).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 31.6,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    // The provider retries the result: nothing moves twice.
    expect(await postAsProvider('result.html', result)).toEqual(first);
    // Another result carrying the same prize reference: its own win, not the prize again.
    const next = roundCall(userId, '1.00');
    await post('bet', next);
    const other = result.map(([k, v]): [string, string] =>
      k === 'reference' ? [k, reference()] : k === 'roundId' ? [k, next.roundId!] : [k, v],
    );
    expect(await postAsProvider('result.html', other)).toMatchObject({ error: 0, cash: 32.6 });
    // A promoWin call whose reference happens to be the prize's: its own namespace, paid.
    expect(
      await postAsProvider('promoWin.html', [
        ['userId', userId],
        ['campaignId', '3301'],
        ['campaignType', 'T'],
        ['amount', '1.0'],
        ['currency', 'USD'],
        ['reference', promoRef],
        ['timestamp', '1795341300000'],
      ]),
    ).toMatchObject({ error: 0, cash: 33.6 });
    expect(await balanceOf(userId)).toBe(33_605n);
    expect((await entriesOf(userId)).map((e) => [e.operation, e.amount, e.provider_tx_id])).toEqual(
      [
        ['bet', '-1000', bet.reference],
        ['result', '2000', result[4]![1]],
        ['resultPromoWin', '5600', promoRef],
        ['bet', '-1000', next.reference],
        ['result', '2000', other[4]![1]],
        ['promoWin', '1000', promoRef],
      ],
    );
    // A malformed prize amount makes the whole result malformed (7): nothing is posted.
    const bad = result.map(([k, v]): [string, string] =>
      k === 'promoWinAmount' ? [k, '5.666'] : k === 'reference' ? [k, reference()] : [k, v],
    );
    expect(await postAsProvider('result.html', bad)).toMatchObject({ error: 7 });
    expect(await balanceOf(userId)).toBe(33_605n);
    await expectLedgerClean(t.db);
  });

  it('adjustment.html credits or debits the signed amount once per reference', async () => {
    const { userId } = await newPlayer();
    const adjustment = (amount: string, ref: string): [string, string][] => [
      ['userId', userId],
      ['gameId', 'lvxbaccarat'],
      ['roundId', '5000000001'],
      ['amount', amount],
      ['reference', ref],
      ['validBetAmount', '10.0'],
      ['timestamp', '1795341300000'],
    ];
    const creditRef = reference();
    const credit = await postAsProvider('adjustment.html', adjustment('100.25', creditRef));
    expect(credit).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 125.25,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    const debit = await postAsProvider('adjustment.html', adjustment('-1.0', reference()));
    expect(debit).toMatchObject({ error: 0, cash: 124.25 });
    // A repeat: the first id, the balance now; another amount under the reference: 7.
    expect(await postAsProvider('adjustment.html', adjustment('100.25', creditRef))).toEqual({
      ...credit,
      cash: 124.25,
    });
    expect(await postAsProvider('adjustment.html', adjustment('5.6', creditRef))).toMatchObject({
      error: 7,
    });
    // A debit beyond the balance: 1, nothing moves.
    expect(
      await postAsProvider('adjustment.html', adjustment('-124.26', reference())),
    ).toMatchObject({ error: 1, description: 'Insufficient balance' });
    expect(await postAsProvider('adjustment.html', adjustment('+1.00', reference()))).toMatchObject(
      { error: 7 },
    );
    expect(await balanceOf(userId)).toBe(124_255n);
    expect((await entriesOf(userId)).map((e) => [e.kind, e.operation, e.amount])).toEqual([
      ['adjustment', 'adjustment', '100250'],
      ['adjustment', 'adjustment', '-1000'],
    ]);
    await expectLedgerClean(t.db);
  });

  it('GetBalancePerGame.html (the provider’s capital G) answers gamesBalances', async () => {
    const { userId } = await newPlayer();
    expect(
      await postAsProvider('GetBalancePerGame.html', [
        ['userId', userId],
        ['gameIdList', `${game},${otherGame}`],
      ]),
    ).toEqual({
      gamesBalances: [
        { gameID: game, cash: 25, bonus: 0 },
        { gameID: otherGame, cash: 25, bonus: 0 },
      ],
      error: 0,
      description: 'Success',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${pragmaticWalletPrefix}/noSuchMethod.html`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'providerId=PragmaticPlay',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('roundDetails and session/expired are acknowledged (0) once signed, refused (5) otherwise', async () => {
    const { userId } = await newPlayer();
    for (const method of ['roundDetails.html', 'session/expired.html']) {
      expect(
        await postAsProvider(method, [
          ['userId', userId],
          ['gameId', game],
          ['roundId', roundId()],
          ['sessionId', 'a1b2c3'],
        ]),
      ).toEqual({ error: 0, description: 'Success' });
      const unsigned = await t.app.inject({
        method: 'POST',
        url: `${pragmaticWalletPrefix}/${method}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `providerId=${providerId}&userId=${userId}&hash=${'0'.repeat(32)}`,
      });
      expect(unsigned.json()).toMatchObject({ error: 5 });
    }
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('bets from another Pragmatic game the player switched to are taken; the money checks stay', async () => {
    const { userId } = await newPlayer(); // launched `game` only
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: otherGame }), { prefix: wiredPrefix }),
    ).toMatchObject({ error: 0, cash: 24 });
    // Still: a disabled or unknown game is 8, the funds 1, another player's launch nothing.
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: disabledGame }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8, description: 'Game disabled' });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: 'vs99nosuch' }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8 });
    expect(await post('bet', roundCall(userId, '99.00', { gameId: otherGame }))).toMatchObject({
      error: 1,
    });
    const stranger = await newPlayer(25_005n, false);
    expect(
      await post('bet', roundCall(stranger.userId, '1.00', { gameId: otherGame })),
    ).toMatchObject({ error: 4 });
    clock.advance(5 * 3600_000);
    try {
      expect(await post('bet', roundCall(userId, '1.00', { gameId: otherGame }))).toMatchObject({
        error: 4,
      });
    } finally {
      clock.set(new Date('2026-11-22T10:15:00.000Z'));
    }
    expect(await balanceOf(userId)).toBe(24_005n);
    await expectLedgerClean(t.db);
  });

  it('credits and refunds answer 100, never 120, on a failure the data would meet again', async () => {
    const { userId } = await newPlayer();
    await post('result', roundCall(userId, '0.00')); // the wallet's currency, remembered
    const dataError = () => Object.assign(new Error('value out of range'), { code: '22003' });
    const win = vi.spyOn(t.app.wallet, 'postWin').mockRejectedValue(dataError());
    const refund = vi.spyOn(t.app.wallet, 'postRefund').mockRejectedValue(dataError());
    const adjust = vi.spyOn(t.app.wallet, 'postProviderAdjustment').mockRejectedValue(dataError());
    try {
      const calls: [string, Params][] = [
        ['result', roundCall(userId, '1.00')],
        ['bonusWin', { userId, amount: '1.0', reference: reference(), bonusCode: '' }],
        ['jackpotWin', { userId, amount: '1.0', reference: reference(), jackpotId: 'j' }],
        [
          'promoWin',
          { userId, amount: '1.0', reference: reference(), currency: 'USD', campaignId: 'c' },
        ],
        ['refund', { userId, reference: reference(), amount: '1.0' }],
        ['adjustment', { userId, amount: '-1.0', reference: reference() }],
      ];
      for (const [method, params] of calls) {
        expect(await post(method, params), method).toMatchObject({
          error: 100,
          description: 'Internal error, retry',
        });
      }
    } finally {
      win.mockRestore();
      refund.mockRestore();
      adjust.mockRestore();
    }
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe('when the database fails', () => {
  it('every call answers "internal error, retry" (100; endRound 130), logged without secrets; the retry then lands', async () => {
    const { userId } = await newPlayer();
    // Warm the remembered currency, so the result below goes straight to its posting.
    await post('result', roundCall(userId, '0.00'));
    const bet = roundCall(userId, '1.00');
    const result = roundCall(userId, '2.00');
    const signedBet = pragmaticHash({ providerId, ...bet }, s.pragmatic.secretKey);
    const token = await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get(game)!,
      userId,
    });
    logLines.length = 0;
    await t.db.execute(sql`alter table wallets rename to wallets_unavailable`);
    try {
      expect(await post('bet', bet)).toMatchObject({ error: 100 });
      expect(await post('result', result)).toMatchObject({ error: 100 });
      expect(await post('refund', { userId, reference: reference() })).toMatchObject({
        error: 100,
      });
      expect(
        await post('bonusWin', { userId, amount: '1.00', reference: reference() }),
      ).toMatchObject({
        error: 100,
      });
      expect(await post('endRound', { userId, gameId: game, roundId: '1' })).toMatchObject({
        error: 130,
      });
      expect(await post('getBalancePerGame', { userId, gameIdList: game })).toMatchObject({
        error: 100,
      });
      expect(await post('balance', { userId })).toMatchObject({ error: 100 });
      expect(await post('authenticate', { token, gameId: game })).toMatchObject({ error: 100 });
    } finally {
      await t.db.execute(sql`alter table wallets_unavailable rename to wallets`);
    }
    const log = logLines.join('');
    expect(log).toContain('pragmatic wallet call failed');
    expect(log).not.toContain(signedBet);
    expect(log).not.toContain(s.pragmatic.secretKey);
    // Neither the body nor a query's bound values (a token's hash among them on authenticate).
    expect(log).not.toContain(bet.reference);
    expect(log).not.toContain(token);
    expect(log).not.toContain(hashLaunchToken(token));
    expect(log).toContain('wallets'); // what failed: the driver's own message
    // The provider retries the very same calls: now they land, once.
    expect(await post('bet', bet)).toMatchObject({ error: 0, cash: 24 });
    expect(await post('result', result)).toMatchObject({ error: 0, cash: 26 });
    expect(await entriesOf(userId)).toHaveLength(3);
  });

  it('120 only for a bet whose failure the same call would meet again (the database refusing the data)', async () => {
    const { userId } = await newPlayer();
    const dataError = Object.assign(new Error('value out of range'), { code: '22003' });
    const spy = vi.spyOn(t.app.wallet, 'postBet').mockRejectedValueOnce(dataError);
    try {
      expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 120 });
      spy.mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
      expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 100 });
    } finally {
      spy.mockRestore();
    }
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

// Concurrency is a PostgreSQL question: PGlite is one connection, so every call is serial.
const onPostgres = testDatabaseDriver() === 'postgres';

describe.skipIf(!onPostgres)('under concurrency (PostgreSQL)', () => {
  it('240 simultaneous bets over HTTP on one wallet, each sent twice, never overspend', async () => {
    const initial = 100_000n;
    const { userId } = await newPlayer(initial);
    const random = seededRandom(20_261_122);
    const bets = Array.from({ length: 240 }, () =>
      roundCall(userId, `0.${String(random.int(10, 99))}`),
    );
    const answers = await Promise.all(bets.flatMap((bet) => [post('bet', bet), post('bet', bet)]));
    let spent = 0n;
    const ids = new Set<string>();
    bets.forEach((bet, i) => {
      const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect([0, 1]).toContain(a.error);
      expect([0, 1]).toContain(b.error);
      // Both copies agree on the transaction whenever both were taken.
      if (a.error === 0 && b.error === 0) expect(a.transactionId).toBe(b.transactionId);
      if (a.error === 0 || b.error === 0) {
        spent += BigInt(bet.amount!.replace('.', '')) * 10n;
        ids.add(String(a.error === 0 ? a.transactionId : b.transactionId));
      }
    });
    expect(spent).toBeGreaterThan(0n);
    expect(spent).toBeLessThanOrEqual(initial);
    const balance = await balanceOf(userId);
    expect(balance).toBe(initial - spent);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(answers.some((a) => a.error === 1)).toBe(true);
    expect(await entriesOf(userId)).toHaveLength(ids.size);
    await expectLedgerClean(t.db);
  });

  it('a seeded mix of bets, results, refunds and replays from many clients ends where the answers say', async () => {
    const random = seededRandom(7_340_017);
    const initial = 5_000n; // short wallets: some bets meet insufficient funds
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(initial)));
    interface Sent {
      method: string;
      params: Params;
    }
    const history: Sent[] = [];
    /** Accepted bets by reference, and the references refunded with success. */
    const acceptedBets = new Map<string, bigint>();
    const refunded = new Set<string>();
    const credited = new Map<string, bigint>();
    const thousandths = (amount: string) => BigInt(amount.replace('.', '')) * 10n;

    const seen = new Set<string>();
    const send = async (sent: Sent) => {
      history.push(sent);
      const answer = await post(sent.method, sent.params);
      const { method, params } = sent;
      seen.add(`${method} ${answer.error}`);
      if (method === 'bet') {
        expect([0, 1, 3]).toContain(answer.error);
        if (answer.error === 0) acceptedBets.set(params.reference!, thousandths(params.amount!));
      } else if (method === 'result') {
        expect(answer.error).toBe(0);
        credited.set(params.reference!, thousandths(params.amount!));
      } else {
        expect(answer.error).toBe(0);
        refunded.add(params.reference!);
      }
    };

    const client = async (clientNo: number) => {
      for (let step = 0; step < 40; step++) {
        const { userId } = random.pick(players);
        const roll = random.next();
        if (roll < 0.15 && history.length > 0) {
          await send(random.pick(history)); // a provider's retry of something already sent
          continue;
        }
        const bet = roundCall(
          userId,
          `${random.int(0, 3)}.${String(random.int(0, 99)).padStart(2, '0')}`,
        );
        const refund = { userId, reference: bet.reference! };
        if (roll < 0.25) {
          // The refund overtakes its bet (the bet timed out at the provider), then the bet.
          await Promise.all([
            send({ method: 'refund', params: refund }),
            send({ method: 'bet', params: bet }),
          ]);
          continue;
        }
        await send({ method: 'bet', params: bet });
        if (random.next() < 0.2) {
          await send({ method: 'refund', params: { ...refund, amount: bet.amount! } });
        } else {
          const win = `${random.int(0, 6)}.${String(random.int(0, 99)).padStart(2, '0')}`;
          await send({
            method: 'result',
            params: {
              ...bet,
              amount: win,
              reference: `${bet.reference!.slice(0, 20)}w${clientNo}`,
            },
          });
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => client(i)));
    // Whether the mix met a short wallet depends on how the clients interleaved (seeded
    // choices, unseeded timing): one bet no wallet here can cover makes sure of it.
    await send({ method: 'bet', params: roundCall(players[0]!.userId, '99999.00') });

    // Every path was taken: late bets refused after their refund, short wallets, replays.
    expect([...seen].sort()).toEqual(['bet 0', 'bet 1', 'bet 3', 'refund 0', 'result 0']);
    expect([...refunded].some((ref) => acceptedBets.has(ref))).toBe(true);

    // What the answers say moved, per player: accepted bets out, results in, refunds of
    // accepted bets back in (a refund of a bet never taken moved nothing).
    const moved = new Map<string, bigint>(players.map((p) => [p.userId, 0n]));
    const owner = new Map(history.map((h) => [h.params.reference!, h.params.userId!]));
    const add = (reference: string, delta: bigint) => {
      const userId = owner.get(reference)!;
      moved.set(userId, moved.get(userId)! + delta);
    };
    for (const [ref, amount] of acceptedBets) add(ref, refunded.has(ref) ? 0n : -amount);
    for (const [ref, amount] of credited) add(ref, amount);
    for (const p of players) {
      expect(await balanceOf(p.userId)).toBe(initial + moved.get(p.userId)!);
    }
    await expectLedgerClean(t.db);
  });
});

describe('the ledger afterwards', () => {
  it('passes the invariant check', async () => {
    await expectLedgerClean(t.db);
  });
});
