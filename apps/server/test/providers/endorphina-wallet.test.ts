import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionRepository } from '../../src/features/auth/session-repository';
import { createLaunchRepository } from '../../src/features/game-sessions/launch-repository';
import { acceptRawFormBodies } from '../../src/features/providers/callback-params';
import type { EndorphinaSettings } from '../../src/features/providers/endorphina/adapter';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import {
  endorphinaWalletPrefix,
  endorphinaWalletRoutes,
} from '../../src/features/providers/endorphina/wallet-routes';
import { createLaunchSessions } from '../../src/features/game-sessions/launch-sessions';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, createTestPlayer, seedGames, type TestPlayer } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Endorphina's money callbacks on the ledger, with this test acting as the studio: signed
 * form POSTs exactly as packages/studios/src/endorphina/wallet-client.ts sends them, and the
 * answers it reads back (docs/protocols/endorphina.md, "Operator side").
 */

const clock = fixedClock(new Date('2026-11-22T10:15:00.000Z'));
const gameA = 'endo-a@ENDORPHINA';
const gameB = 'endo-b@ENDORPHINA';
const logLines: string[] = [];
let t: TestApp;
let settings: EndorphinaSettings;
let gameIds: Map<string, string>;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    logger: createLogger(
      { env: 'test', logLevel: 'trace' },
      { write: (line: string) => void logLines.push(line) },
    ),
  });
  settings = t.app.gameCatalog.settings.endorphina;
  gameIds = new Map([
    ...(await seedGames(t.db, 'endorphina', [
      catalogEntry({ providerGameId: gameA }),
      catalogEntry({ providerGameId: gameB }),
    ])),
    ...(await seedGames(t.db, 'pragmatic', [catalogEntry({ providerGameId: 'vs10x' })])),
  ]);
});

afterAll(async () => {
  await t.close();
});

type Params = Record<string, string>;
type Answer = { status: number; body: Record<string, unknown> };

async function post(call: string, params: Params, sign?: string): Promise<Answer> {
  const body = new URLSearchParams({
    ...params,
    sign: sign ?? endorphinaSign(params, settings.salt),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `${endorphinaWalletPrefix}/${call}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

let seq = 0;
const nextId = (prefix: string) =>
  `${prefix}${(seq += 1).toString(16)}${randomBytes(4).toString('hex')}`;
const nextRound = () => String(1_000_000_000 + (seq += 1));

interface Table {
  player: TestPlayer;
  token: string;
}

/** A funded player and a launch token of theirs, as a real launch records it. */
async function table(
  balance = 25_005n,
  options: { ttlSeconds?: number; signInSession?: boolean; game?: string } = {},
): Promise<Table> {
  const player = await createTestPlayer(t.db, clock, balance);
  const token = await recordTestLaunch(t.db, clock, {
    provider: 'endorphina',
    gameId: gameIds.get(options.game ?? gameA)!,
    userId: player.id,
    sessionId: options.signInSession ? player.sessionId : null,
    ...(options.ttlSeconds === undefined ? {} : { ttlSeconds: options.ttlSeconds }),
  });
  return { player, token };
}

/** One round's calls as the studio builds them: the same round id and date on each. */
function round(tbl: Table) {
  const base: Params = {
    token: tbl.token,
    currency: 'USD',
    game: gameA,
    player: tbl.player.id,
    gameId: nextRound(),
    date: String(clock.now().getTime()),
  };
  return {
    base,
    bet: (amount: number | string, id = nextId('b')): Params => ({
      ...base,
      amount: String(amount),
      id,
    }),
    win: (amount: number | string, betTransactionId: string, id?: string): Params => ({
      ...base,
      amount: String(amount),
      betTransactionId,
      ...(id === undefined ? {} : { id }),
    }),
    refund: (amount: number | string, betId: string): Params => ({
      ...base,
      amount: String(amount),
      id: betId,
    }),
  };
}

const balanceOf = async (userId: string) => (await t.app.wallet.getBalance(userId)).balance;

type Row = {
  kind: string;
  operation: string;
  provider_tx_id: string;
  amount: string;
  status: string;
};
/** The player's Endorphina rows, oldest first (the funding adjustment left out). */
async function rowsOf(userId: string): Promise<Row[]> {
  const { rows } = await t.db.execute<Row>(sql`
    select kind, operation, provider_tx_id, amount::text as amount, status from ledger_entries
    where user_id = ${userId}::uuid and provider = 'endorphina' order by id`);
  return rows.map((r) => ({ ...r }));
}

const transactionIdOf = (answer: Answer): string => {
  expect(answer.status).toBe(200);
  expect(typeof answer.body['transactionId']).toBe('string');
  return answer.body['transactionId'] as string;
};

describe('sign', () => {
  it('refuses a wrong, missing or other-salt sign on every money call, moving nothing', async () => {
    const tbl = await table();
    const r = round(tbl);
    const bet = r.bet(1000);
    const calls: [string, Params][] = [
      ['bet', bet],
      ['win', r.win(500, '1', nextId('w'))],
      ['refund', r.refund(1000, bet['id']!)],
      [
        'promoWin',
        { id: nextId('p'), amount: '500', player: tbl.player.id, game: gameA, gameId: '1' },
      ],
      ['endSession', { token: tbl.token }],
    ];
    const denied = { status: 401, body: { code: 'ACCESS_DENIED', message: 'bad sign' } };
    for (const [call, params] of calls) {
      expect(await post(call, params, 'f'.repeat(40))).toEqual(denied);
      expect(await post(call, params, endorphinaSign(params, 'other-salt'))).toEqual(denied);
      expect(await post(call, params, '')).toEqual(denied);
      // Signed over other values (the amount changed after signing).
      const tampered = { ...params, amount: '999999' };
      expect(await post(call, tampered, endorphinaSign(params, settings.salt))).toEqual(denied);
    }
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
    expect(await rowsOf(tbl.player.id)).toEqual([]);
    // The refused endSession did not end the token: the bet is taken.
    expect((await post('bet', bet)).status).toBe(200);
  });

  it('refuses a repeated parameter (an ambiguous signed set) with ACCESS_DENIED', async () => {
    const tbl = await table();
    const bet = round(tbl).bet(1000);
    const sign = endorphinaSign(bet, settings.salt);
    const res = await t.app.inject({
      method: 'POST',
      url: `${endorphinaWalletPrefix}/bet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(bet).toString()}&amount=1&sign=${sign}`,
    });
    expect(res.statusCode).toBe(401);
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });

  it('with no salt configured refuses everything, even a call signed with the empty salt', async () => {
    const tbl = await table();
    const app = Fastify();
    try {
      await app.register(async (scope) => {
        acceptRawFormBodies(scope);
        await scope.register(endorphinaWalletRoutes, {
          settings: { ...settings, salt: '' },
          sessions: createLaunchSessions({ launches: createLaunchRepository(t.db), clock }),
          wallet: t.app.wallet,
          clock,
        });
      });
      for (const [call, params] of [
        ['bet', round(tbl).bet(1000)],
        ['endSession', { token: tbl.token }],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url: `/${call}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ ...params, sign: endorphinaSign(params, '') }).toString(),
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await app.close();
    }
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });
});

describe('bet and win', () => {
  it('takes a bet on a live token in one posting, its token checked inside it', async () => {
    const tbl = await table(10_000n);
    const postBet = vi.spyOn(t.app.wallet, 'postBet');
    try {
      expect(await post('bet', round(tbl).bet(1_000))).toMatchObject({
        status: 200,
        body: { balance: 9_000 },
      });
      expect(postBet).toHaveBeenCalledTimes(1);
      expect(postBet.mock.calls[0]![0].admission).toBeDefined();
      // A bet the condition refuses (the token of another player) is judged again, slowly.
      const other = await table(10_000n);
      expect(
        await post('bet', { ...round(tbl).bet(1_000), player: other.player.id }),
      ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
      expect(await balanceOf(other.player.id)).toBe(10_000n);
    } finally {
      postBet.mockRestore();
    }
  });

  it('debits the bet and credits the win, balances in thousandths', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const bet = await post('bet', r.bet(1260));
    expect(bet).toEqual({
      status: 200,
      body: { balance: 23_745, transactionId: expect.any(String) as unknown },
    });
    const betTx = transactionIdOf(bet);
    const win = await post('win', r.win(2_500, betTx, nextId('w')));
    expect(win).toEqual({
      status: 200,
      body: { balance: 26_245, transactionId: expect.any(String) as unknown },
    });
    expect(transactionIdOf(win)).not.toBe(betTx);
    expect(await balanceOf(tbl.player.id)).toBe(26_245n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'bet', operation: 'bet', amount: '-1260' },
      { kind: 'win', operation: 'win', amount: '2500' },
    ]);
    // The balance callback agrees.
    const params = { token: tbl.token };
    const res = await t.app.inject({
      method: 'GET',
      url: `${endorphinaWalletPrefix}/balance?${new URLSearchParams({ ...params, sign: endorphinaSign(params, settings.salt) }).toString()}`,
    });
    expect(res.json()).toEqual({ balance: 26_245 });
  });

  it('takes a zero win without an id, keyed on the bet it closes; its repeat is the same', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    const zero = await post('win', r.win(0, betTx));
    expect(zero).toEqual({
      status: 200,
      body: { balance: 9_000, transactionId: expect.any(String) as unknown },
    });
    expect(await post('win', r.win(0, betTx))).toEqual(zero);
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'bet' },
      { kind: 'win', provider_tx_id: `for-bet:${betTx}`, amount: '0' },
    ]);
  });

  it('refuses a bet over the balance with 402 INSUFFICIENT_FUNDS, moving nothing', async () => {
    const tbl = await table(1_000n);
    const r = round(tbl);
    const bet = r.bet(1_001);
    const refused = {
      status: 402,
      body: { code: 'INSUFFICIENT_FUNDS', message: expect.any(String) as unknown },
    };
    expect(await post('bet', bet)).toEqual(refused);
    // Judged again on a repeat (a refusal is not remembered), still refused.
    expect(await post('bet', bet)).toEqual(refused);
    expect(await balanceOf(tbl.player.id)).toBe(1_000n);
    expect(await rowsOf(tbl.player.id)).toEqual([]);
    // The whole balance is fine.
    expect(await post('bet', r.bet(1_000))).toMatchObject({ status: 200, body: { balance: 0 } });
  });

  it('answers a repeated bet and win with the first body, moving nothing again', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const betParams = r.bet(1_260);
    const bet = await post('bet', betParams);
    const winParams = r.win(700, transactionIdOf(bet), nextId('w'));
    const win = await post('win', winParams);
    // Later movements change the balance: the repeats still carry the balance right after
    // their first application, so the studio reads exactly what it would have read.
    await post('bet', round(tbl).bet(5_000));
    expect(await post('bet', betParams)).toEqual(bet);
    expect(await post('win', winParams)).toEqual(win);
    // A retry may carry a new date: not part of the content.
    expect(await post('bet', { ...betParams, date: '1' })).toEqual(bet);
    expect(await balanceOf(tbl.player.id)).toBe(25_005n - 1_260n + 700n - 5_000n);
    expect((await rowsOf(tbl.player.id)).map((row) => row.kind)).toEqual(['bet', 'win', 'bet']);
  });

  it('refuses the same id with another amount, round or game with 429 NO_RETRY', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    const betTx = transactionIdOf(await post('bet', betParams));
    const winParams = r.win(300, betTx, nextId('w'));
    expect((await post('win', winParams)).status).toBe(200);
    const conflict = {
      status: 429,
      body: { code: 'NO_RETRY', message: expect.any(String) as unknown },
    };
    expect(await post('bet', { ...betParams, amount: '1001' })).toEqual(conflict);
    expect(await post('bet', { ...betParams, gameId: nextRound() })).toEqual(conflict);
    expect(await post('win', { ...winParams, amount: '301' })).toEqual(conflict);
    expect(await post('win', { ...winParams, betTransactionId: '1' })).toEqual(conflict);
    // A zero win for the same bet under another amount: one close per bet.
    expect((await post('win', r.win(0, betTx))).status).toBe(200);
    expect(await post('win', r.win(5, betTx))).toEqual(conflict);
    expect(await balanceOf(tbl.player.id)).toBe(25_005n - 1_000n + 300n);
    expect(await rowsOf(tbl.player.id)).toHaveLength(3);
  });

  it('refuses malformed amounts with NO_RETRY, moving nothing', async () => {
    const tbl = await table(25_005n);
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    const malformed = [
      '1.5',
      '-1',
      '1e3',
      '1000000000001',
      '',
      ' 1',
      '+1',
      '0x10',
      'NaN',
      '9'.repeat(40),
    ];
    for (const amount of malformed) {
      expect(await post('bet', r.bet(amount))).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY' },
      });
      expect(await post('win', r.win(amount, betTx, nextId('w')))).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY' },
      });
      expect(await post('refund', r.refund(amount, nextId('b')))).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY' },
      });
      expect(
        await post('promoWin', {
          id: nextId('p'),
          amount,
          player: tbl.player.id,
          game: gameA,
          gameId: '1',
        }),
      ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    }
    // The largest amount the ledger takes is well-formed (here: more than the balance).
    expect(await post('bet', r.bet('1000000000000'))).toMatchObject({ status: 402 });
    expect(await balanceOf(tbl.player.id)).toBe(24_005n);
    expect(await rowsOf(tbl.player.id)).toHaveLength(1);
  });

  it('refuses missing parameters with NO_RETRY', async () => {
    const tbl = await table();
    const r = round(tbl);
    for (const name of ['id', 'player', 'currency', 'game', 'gameId', 'amount']) {
      const params = r.bet(100);
      delete params[name];
      expect(await post('bet', params)).toMatchObject({
        status: 429,
        body: { code: 'NO_RETRY', message: `missing parameter: ${name}` },
      });
    }
    const win = r.win(100, '1', nextId('w'));
    delete win['betTransactionId'];
    expect(await post('win', win)).toMatchObject({ status: 429 });
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });

  it('refuses a bet whose player, currency or game is not the token’s (NO_RETRY)', async () => {
    const tbl = await table();
    const other = await table();
    const r = round(tbl);
    expect(await post('bet', { ...r.bet(100), player: other.player.id })).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: "player is not the launch token's player" },
    });
    expect(await post('bet', { ...r.bet(100), currency: 'EUR' })).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: "currency is not the launch token's currency" },
    });
    expect(await post('bet', { ...r.bet(100), game: gameB })).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: "game is not the launch token's game" },
    });
    const betTx = transactionIdOf(await post('bet', r.bet(100)));
    // A win or refund naming another player than the token's is refused too.
    expect(
      await post('win', { ...r.win(50, betTx, nextId('w')), player: other.player.id }),
    ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    expect(
      await post('refund', { ...r.refund(100, nextId('b')), player: other.player.id }),
    ).toMatchObject({ status: 429 });
    expect(await balanceOf(tbl.player.id)).toBe(24_905n);
    expect(await balanceOf(other.player.id)).toBe(25_005n);
    expect(await rowsOf(other.player.id)).toEqual([]);
  });

  it('answers TOKEN_NOT_FOUND (404) for an unknown token or another provider’s', async () => {
    const tbl = await table();
    const pragmaticToken = await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get('vs10x')!,
      userId: tbl.player.id,
    });
    for (const token of ['no-such-token', pragmaticToken]) {
      const r = round({ ...tbl, token });
      const notFound = {
        status: 404,
        body: { code: 'TOKEN_NOT_FOUND', message: 'unknown launch token' },
      };
      expect(await post('bet', r.bet(100))).toEqual(notFound);
      expect(await post('win', r.win(100, '1', nextId('w')))).toEqual(notFound);
      expect(await post('refund', r.refund(100, nextId('b')))).toEqual(notFound);
      expect(await post('endSession', { token })).toEqual(notFound);
    }
    const r = round(tbl);
    const noToken = r.bet(100);
    delete noToken['token'];
    expect(await post('bet', noToken)).toMatchObject({ status: 404 });
    expect(await balanceOf(tbl.player.id)).toBe(25_005n);
  });
});

describe('a parameter no column can hold', () => {
  it('a NUL in a signed call is NO_RETRY (final), never stored or retried as internal', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect(await post('bet', bet)).toMatchObject({ status: 200 });
    for (const [call, params] of [
      ['win', r.win(500, bet.id!, `w\u0000${nextId('w')}`)],
      ['bet', r.bet(1_000, `b\u0000${nextId('b')}`)],
      ['refund', { ...r.refund(1_000, bet.id!), gameId: 'g\u0000' }],
      ['promoWin', { id: `p\u0000`, amount: '100', player: tbl.player.id }],
    ] as const) {
      expect(await post(call, params), call).toEqual({
        status: 429,
        body: {
          code: 'NO_RETRY',
          message: 'malformed parameter: a NUL character or an unpaired surrogate',
        },
      });
    }
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    await expectLedgerClean(t.db);
  });
});

describe('refund', () => {
  it('credits a known bet back once; the repeat answers the same body', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(2_500);
    const betTx = transactionIdOf(await post('bet', betParams));
    const refund = await post('refund', r.refund(2_500, betParams['id']!));
    expect(refund).toEqual({
      status: 200,
      body: { balance: 10_000, transactionId: expect.any(String) as unknown },
    });
    expect(transactionIdOf(refund)).not.toBe(betTx);
    await post('bet', round(tbl).bet(1_000));
    expect(await post('refund', r.refund(2_500, betParams['id']!))).toEqual(refund);
    // The refunded bet sent again is a replay of the bet: nothing moves.
    expect(await post('bet', betParams)).toMatchObject({
      status: 200,
      body: { transactionId: betTx },
    });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect((await rowsOf(tbl.player.id)).map((row) => row.kind)).toEqual(['bet', 'refund', 'bet']);
  });

  it('of an unknown bet succeeds moving nothing, and the late bet is then refused', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    const refund = await post('refund', r.refund(1_000, betParams['id']!));
    expect(refund).toEqual({
      status: 200,
      body: { balance: 10_000, transactionId: expect.any(String) as unknown },
    });
    expect(await post('refund', r.refund(1_000, betParams['id']!))).toEqual(refund);
    expect(await post('bet', betParams)).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: `bet ${betParams['id']} was refunded before it arrived` },
    });
    expect(await balanceOf(tbl.player.id)).toBe(10_000n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'refund', status: 'tombstone', amount: '0' },
    ]);
  });

  it('refuses a refund whose amount is not the bet’s with NO_RETRY', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    expect((await post('bet', betParams)).status).toBe(200);
    expect(await post('refund', r.refund(999, betParams['id']!))).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY', message: expect.stringContaining('amount') as unknown },
    });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    // The right amount still refunds it.
    expect(await post('refund', r.refund(1_000, betParams['id']!))).toMatchObject({
      status: 200,
      body: { balance: 10_000 },
    });
  });
});

describe('after the launch token expired or the player signed out', () => {
  it('refuses a bet with TOKEN_EXPIRED, but credits the win and the refund', async () => {
    const tbl = await table(10_000n, { ttlSeconds: 60 });
    const r = round(tbl);
    const won = r.bet(1_000);
    const wonTx = transactionIdOf(await post('bet', won));
    const cancelled = r.bet(2_000);
    expect((await post('bet', cancelled)).status).toBe(200);
    clock.advance(61_000);
    try {
      expect(await post('bet', r.bet(500))).toEqual({
        status: 403,
        body: { code: 'TOKEN_EXPIRED', message: 'the launch token has expired' },
      });
      expect(await post('win', r.win(4_000, wonTx, nextId('w')))).toMatchObject({
        status: 200,
        body: { balance: 11_000 },
      });
      expect(await post('refund', r.refund(2_000, cancelled['id']!))).toMatchObject({
        status: 200,
        body: { balance: 13_000 },
      });
      expect(await post('endSession', { token: tbl.token })).toEqual({
        status: 200,
        body: { balance: 13_000 },
      });
    } finally {
      clock.advance(-61_000);
    }
    expect(await balanceOf(tbl.player.id)).toBe(13_000n);
  });

  it('answers a bet’s retry from its first application, even once the session closed', async () => {
    const tbl = await table(10_000n, { signInSession: true });
    const r = round(tbl);
    const bet = r.bet(1_000);
    const first = await post('bet', bet);
    expect(first).toMatchObject({ status: 200, body: { balance: 9_000 } });
    // The studio lost the answer; before its retry, the player signed out.
    await createSessionRepository(t.db).revoke(tbl.player.sessionId, 'logout', clock.now());
    expect(await post('bet', bet)).toEqual(first);
    expect(await post('bet', { ...bet, amount: '999' })).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await post('bet', r.bet(1_000))).toMatchObject({ status: 403 });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect((await rowsOf(tbl.player.id)).filter((row) => row.kind === 'bet')).toHaveLength(1);
  });

  it('refuses a bet once the sign-in session was revoked, but credits the win', async () => {
    const tbl = await table(10_000n, { signInSession: true });
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    await createSessionRepository(t.db).revoke(tbl.player.sessionId, 'logout', clock.now());
    expect(await post('bet', r.bet(1_000))).toEqual({
      status: 403,
      body: { code: 'TOKEN_EXPIRED', message: 'the player has signed out' },
    });
    expect(await post('win', r.win(2_500, betTx, nextId('w')))).toMatchObject({
      status: 200,
      body: { balance: 11_500 },
    });
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
  });
});

describe('endSession', () => {
  it('answers the balance and ends the token: no more bets, wins still land', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betTx = transactionIdOf(await post('bet', r.bet(1_000)));
    expect(await post('endSession', { token: tbl.token })).toEqual({
      status: 200,
      body: { balance: 9_000 },
    });
    expect(await post('endSession', { token: tbl.token })).toEqual({
      status: 200,
      body: { balance: 9_000 },
    });
    expect(await post('bet', r.bet(1_000))).toMatchObject({
      status: 403,
      body: { code: 'TOKEN_EXPIRED' },
    });
    expect(await post('win', r.win(3_000, betTx, nextId('w')))).toMatchObject({
      status: 200,
      body: { balance: 12_000 },
    });
    // Another token of the same player is not touched.
    const other = await recordTestLaunch(t.db, clock, {
      provider: 'endorphina',
      gameId: gameIds.get(gameA)!,
      userId: tbl.player.id,
    });
    expect(await post('bet', round({ ...tbl, token: other }).bet(500))).toMatchObject({
      status: 200,
      body: { balance: 11_500 },
    });
  });
});

describe('promoWin', () => {
  it('credits the player in the wallet’s currency; a repeat is the same body', async () => {
    const tbl = await table(1_000n);
    const params = {
      id: nextId('p'),
      amount: '2500',
      player: tbl.player.id,
      game: gameA,
      gameId: nextRound(),
    };
    const first = await post('promoWin', params);
    expect(first).toEqual({
      status: 200,
      body: { balance: 3_500, transactionId: expect.any(String) as unknown },
    });
    expect(await post('promoWin', params)).toEqual(first);
    expect(await post('promoWin', { ...params, amount: '2501' })).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await balanceOf(tbl.player.id)).toBe(3_500n);
    expect(await rowsOf(tbl.player.id)).toMatchObject([
      { kind: 'win', operation: 'promoWin', provider_tx_id: params.id, amount: '2500' },
    ]);
  });

  it('answers TOKEN_NOT_FOUND for an unknown player', async () => {
    for (const player of [randomUUID(), 'not-a-player']) {
      expect(
        await post('promoWin', {
          id: nextId('p'),
          amount: '100',
          player,
          game: gameA,
          gameId: '1',
        }),
      ).toEqual({ status: 404, body: { code: 'TOKEN_NOT_FOUND', message: 'unknown player' } });
    }
  });
});

/** The posting's row as stored: what a call left out was filled from the bet or the wallet. */
async function stored(userId: string, kind: string) {
  const { rows } = await t.db.execute<{
    currency: string;
    game_id: string | null;
    round_id: string | null;
    bet_tx_id: string | null;
    amount: string;
  }>(sql`
    select currency, game_id, round_id, bet_tx_id, amount::text as amount from ledger_entries
    where user_id = ${userId}::uuid and provider = 'endorphina' and kind = ${kind}
    order by id desc limit 1`);
  return { ...rows[0] };
}

describe('the public integrations’ shapes', () => {
  it('credits a win sent with only amount, date, gameId, player and betTransactionId', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    expect((await post('bet', bet)).body).toMatchObject({ balance: 9_000 });
    // No token, currency, game or id; betTransactionId is the bet's own id.
    const win = {
      amount: '2500',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: bet['id']!,
    };
    const first = await post('win', win);
    expect(first).toEqual({
      status: 200,
      body: { balance: 11_500, transactionId: expect.any(String) as unknown },
    });
    expect(await post('win', win)).toEqual(first);
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
    expect(await stored(tbl.player.id, 'win')).toEqual({
      currency: 'USD',
      game_id: gameA,
      round_id: r.base['gameId'],
      bet_tx_id: bet['id'],
      amount: '2500',
    });
  });

  it('finds the bet by the transactionId we answered for it too, with a token and no currency or game', async () => {
    const tbl = await table(10_000n, { game: gameB });
    const r = round(tbl);
    const bet: Params = { ...r.bet(1_000), game: gameB };
    const betTx = transactionIdOf(await post('bet', bet));
    const win = {
      token: tbl.token,
      amount: '0',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: betTx,
    };
    expect(await post('win', win)).toMatchObject({ status: 200, body: { balance: 9_000 } });
    // Linked to the bet by the bet's own id, whichever reference the call used.
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      game_id: gameB,
      bet_tx_id: bet['id'],
      amount: '0',
    });
  });

  it('credits a win whose bet it never saw, in the wallet’s currency, keyed as usual', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const win = {
      amount: '700',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: nextId('b'),
      id: nextId('w'),
    };
    expect(await post('win', win)).toMatchObject({ status: 200, body: { balance: 10_700 } });
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      currency: 'USD',
      game_id: null,
      bet_tx_id: win.betTransactionId,
    });
  });

  it('refuses a win without amount, date or gameId, or with an unknown player', async () => {
    const tbl = await table(10_000n);
    const other = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    await post('bet', bet);
    const win = {
      amount: '100',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
      betTransactionId: bet['id']!,
    };
    for (const name of ['amount', 'date', 'gameId'] as const) {
      const params: Params = { ...win };
      delete params[name];
      expect(await post('win', params)).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    }
    expect(await post('win', { ...win, betTransactionId: 'x'.repeat(201) })).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await post('win', { ...win, player: 'not-a-player' })).toMatchObject({
      status: 404,
      body: { code: 'TOKEN_NOT_FOUND' },
    });
    // No player and a bet we never saw: nobody to pay.
    const { player: _player, ...withoutPlayer } = win;
    expect(
      await post('win', { ...withoutPlayer, betTransactionId: nextId('b'), id: nextId('w') }),
    ).toMatchObject({ status: 429, body: { code: 'NO_RETRY' } });
    expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    expect(await balanceOf(other.player.id)).toBe(10_000n);
  });

  it('pays a win without player to its bet’s player, found by betTransactionId', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    await post('bet', bet);
    const win = {
      amount: '400',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      betTransactionId: bet['id']!,
      id: nextId('w'),
    };
    const first = await post('win', win);
    expect(first).toMatchObject({ status: 200, body: { balance: 9_400 } });
    expect(await post('win', win)).toEqual(first);
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      currency: 'USD',
      game_id: gameA,
      bet_tx_id: bet['id'],
      amount: '400',
    });
    // Settled: the bet's refund is now refused.
    expect(await post('refund', r.refund(1_000, bet['id']!))).toMatchObject({ status: 429 });
  });

  it('pays a win in the older shape (amount, date, gameId, id, token) to the round’s bet', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    await post('bet', bet);
    const win = {
      token: tbl.token,
      amount: '2500',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      id: nextId('w'),
    };
    const first = await post('win', win);
    expect(first).toMatchObject({ status: 200, body: { balance: 11_500 } });
    expect(await post('win', win)).toEqual(first);
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
    expect(await stored(tbl.player.id, 'win')).toMatchObject({
      currency: 'USD',
      game_id: gameA,
      round_id: r.base['gameId'],
      bet_tx_id: bet['id'],
      amount: '2500',
    });
    // Without an id and without a bet to key it on, it cannot be told from another: refused.
    const lone = round(tbl);
    const { id: _id, ...withoutId } = { ...win, gameId: lone.base['gameId']! };
    expect(await post('win', withoutId)).toMatchObject({
      status: 429,
      body: { code: 'NO_RETRY' },
    });
    expect(await balanceOf(tbl.player.id)).toBe(11_500n);
  });

  it('looks the bet up among the named player’s own bets only', async () => {
    const tbl = await table(10_000n);
    const other = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_000);
    const betTx = transactionIdOf(await post('bet', bet));
    // Another player's bet, by its id or ours, is not theirs: a win of a bet never seen.
    for (const reference of [bet['id']!, betTx]) {
      const win = {
        amount: '100',
        date: r.base['date']!,
        gameId: r.base['gameId']!,
        player: other.player.id,
        betTransactionId: reference,
        id: nextId('w'),
      };
      expect((await post('win', win)).status).toBe(200);
      expect(await stored(other.player.id, 'win')).toMatchObject({
        game_id: null,
        bet_tx_id: reference,
      });
    }
    expect(await balanceOf(other.player.id)).toBe(10_200n);
    // ...so the bet's own player may still have it refunded.
    expect(await post('refund', r.refund(1_000, bet['id']!))).toMatchObject({
      status: 200,
      body: { balance: 10_000 },
    });
  });

  it('refunds with only id, amount, date, gameId and player; currency and game are the bet’s', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const bet = r.bet(1_500);
    await post('bet', bet);
    const refund = {
      id: bet['id']!,
      amount: '1500',
      date: r.base['date']!,
      gameId: r.base['gameId']!,
      player: tbl.player.id,
    };
    const first = await post('refund', refund);
    expect(first).toEqual({
      status: 200,
      body: { balance: 10_000, transactionId: expect.any(String) as unknown },
    });
    expect(await post('refund', refund)).toEqual(first);
    expect(await stored(tbl.player.id, 'refund')).toMatchObject({
      currency: 'USD',
      amount: '1500',
    });
    const { player: _player, ...anonymous } = refund;
    expect(await post('refund', anonymous)).toEqual({
      status: 429,
      body: { code: 'NO_RETRY', message: 'missing parameter: player' },
    });
  });

  it('credits a promoWin with only id, amount and player', async () => {
    const tbl = await table(1_000n);
    const params = { id: nextId('p'), amount: '250', player: tbl.player.id };
    expect(await post('promoWin', params)).toMatchObject({
      status: 200,
      body: { balance: 1_250 },
    });
    expect(await balanceOf(tbl.player.id)).toBe(1_250n);
  });
});

describe('a refund after its round was settled by a win', () => {
  it('is refused with 429 NO_RETRY and moves nothing, for a win or a zero win', async () => {
    const tbl = await table(10_000n);
    for (const won of [2_000, 0]) {
      const r = round(tbl);
      const bet = r.bet(1_000);
      const betTx = transactionIdOf(await post('bet', bet));
      expect((await post('win', r.win(won, betTx, won > 0 ? nextId('w') : undefined))).status).toBe(
        200,
      );
      const before = await balanceOf(tbl.player.id);
      const rows = (await rowsOf(tbl.player.id)).length;
      const refund = r.refund(1_000, bet['id']!);
      const refusal = {
        status: 429,
        body: { code: 'NO_RETRY', message: `bet ${bet['id']} was already settled by a win` },
      };
      expect(await post('refund', refund)).toEqual(refusal);
      // The provider's retry gets the same final answer.
      expect(await post('refund', refund)).toEqual(refusal);
      expect(await balanceOf(tbl.player.id)).toBe(before);
      expect(await rowsOf(tbl.player.id)).toHaveLength(rows);
    }
    expect(await balanceOf(tbl.player.id)).toBe(10_000n);
  });
});

describe('a database failure', () => {
  it('answers 500 INTERNAL_ERROR (retryable), moves nothing, and the retry lands once', async () => {
    const tbl = await table(10_000n);
    const r = round(tbl);
    const betParams = r.bet(1_000);
    // The connection dies under the posting (a stubbed ledger method, as the pool would throw).
    const spy = vi
      .spyOn(t.app.wallet, 'postBet')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      expect(await post('bet', betParams)).toEqual({
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'internal error, please retry' },
      });
    } finally {
      spy.mockRestore();
    }
    expect(await balanceOf(tbl.player.id)).toBe(10_000n);
    const bet = await post('bet', betParams);
    expect(bet).toMatchObject({ status: 200, body: { balance: 9_000 } });

    // A real failure inside the database: the win's insert raises, the statement rolls back.
    await t.db.execute(sql`
      create function test_endo_fail() returns trigger language plpgsql as $$
      begin
        if new.provider_tx_id like 'down-%' then raise exception 'simulated outage'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger test_endo_fail after insert on ledger_entries
      for each row execute function test_endo_fail()`);
    const winParams = r.win(5_000, transactionIdOf(bet), nextId('down-'));
    try {
      expect(await post('win', winParams)).toMatchObject({
        status: 500,
        body: { code: 'INTERNAL_ERROR' },
      });
      expect(await balanceOf(tbl.player.id)).toBe(9_000n);
    } finally {
      await t.db.execute(sql`drop trigger test_endo_fail on ledger_entries`);
      await t.db.execute(sql`drop function test_endo_fail()`);
    }
    const win = await post('win', winParams);
    expect(win).toMatchObject({ status: 200, body: { balance: 14_000 } });
    expect(await post('win', winParams)).toEqual(win);
    expect((await rowsOf(tbl.player.id)).map((row) => row.kind)).toEqual(['bet', 'win']);

    // Logged, without the token, the sign or the salt.
    const failures = logLines.filter((line) => line.includes('Endorphina callback failed'));
    expect(failures).toHaveLength(2);
    expect(failures.join('\n')).toContain('simulated outage');
    const sign = endorphinaSign(winParams, settings.salt);
    for (const secret of [
      tbl.token,
      sign,
      endorphinaSign(betParams, settings.salt),
      settings.salt,
    ]) {
      expect(logLines.some((line) => line.includes(secret))).toBe(false);
    }
  });
});

describe('the ledger after all of the above', () => {
  it('checks clean', async () => {
    const report = await expectLedgerClean(t.db);
    expect(report.counts.tombstones).toBeGreaterThan(0);
  });
});
