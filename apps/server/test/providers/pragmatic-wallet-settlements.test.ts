// Pragmatic's Seamless Wallet money methods on the ledger, exercised as the provider would:
// form-encoded POSTs with real hashes through the app (t.app.inject), then the ledger read back.
// This file: refunds, prizes, endRound and getBalancePerGame.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  entriesOf,
  game,
  newPlayer,
  otherGame,
  type Params,
  post,
  reference,
  roundCall,
  roundId,
  t,
  usePragmaticWallet,
} from './pragmatic-wallet-context';

usePragmaticWallet();

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

describe('the ledger afterwards', () => {
  it('passes the invariant check', async () => {
    await expectLedgerClean(t.db);
  });
});
