// Pragmatic's Seamless Wallet money methods on the ledger, exercised as the provider would:
// form-encoded POSTs with real hashes through the app (t.app.inject), then the ledger read back.
// This file: the hash, then bets and results.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import { pragmaticWalletPrefix } from '../../src/features/providers/pragmatic/wallet-routes';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  entriesOf,
  game,
  newPlayer,
  noKeyPrefix,
  otherGame,
  type Params,
  post,
  providerId,
  reference,
  roundCall,
  roundId,
  s,
  t,
  usePragmaticWallet,
} from './pragmatic-wallet-context';

usePragmaticWallet();

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

describe('the ledger afterwards', () => {
  it('passes the invariant check', async () => {
    await expectLedgerClean(t.db);
  });
});
