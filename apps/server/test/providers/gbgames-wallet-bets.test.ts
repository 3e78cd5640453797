import { describe, expect, it, vi } from 'vitest';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import {
  betMessage,
  gbWalletSuite,
  newId,
  newRound,
  ok,
  refundMessage,
  refused,
  resultMessage,
} from './gbgames-wallet-suite';

const { t, s, clock, newPlayer, send, balanceOf, rowsOf } = gbWalletSuite();

describe('bet and result', () => {
  it('debits the bet and credits the result, balances in cents rounded down', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const bet = await send(betMessage(p, betId, round, '1.00'));
    expect(bet).toEqual(ok('24.00'));
    const result = await send(resultMessage(p, newId(), betId, round, '2.50'));
    expect(result).toEqual(ok('26.50'));
    expect(result.body['transactionId']).not.toBe(bet.body['transactionId']);
    // A losing round: the result of 0.00 is a real, idempotent posting that closes it.
    const lostBet = newId();
    const lostRound = newRound();
    expect(await send(betMessage(p, lostBet, lostRound, '0.50'))).toEqual(ok('26.00'));
    expect(await send(resultMessage(p, newId(), lostBet, lostRound, '0.00'))).toEqual(ok('26.00'));
    expect(await balanceOf(p)).toBe(26_005n);
    expect((await rowsOf(p)).map((r) => [r.operation, r.amount])).toEqual([
      ['bet', -1_000n],
      ['result', 2_500n],
      ['bet', -500n],
      ['result', 0n],
    ]);
  });

  it('takes a bet on a live token in one posting, its token checked inside it', async () => {
    const p = await newPlayer(25_005n);
    const postBet = vi.spyOn(t.app.wallet, 'postBet');
    try {
      expect(await send(betMessage(p, newId(), newRound(), '1.00'))).toEqual(ok('24.00'));
      expect(postBet).toHaveBeenCalledTimes(1);
      expect(postBet.mock.calls[0]![0].admission).toBeDefined();
    } finally {
      postBet.mockRestore();
    }
  });

  it('answers INSUFFICIENT_FUNDS (402) for a bet over the balance, moving nothing', async () => {
    const p = await newPlayer(500n);
    const message = betMessage(p, newId(), newRound(), '1.00');
    expect(await send(message)).toEqual(refused(402, 'INSUFFICIENT_FUNDS'));
    // Not remembered: judged again, refused again.
    expect(await send(message)).toEqual(refused(402, 'INSUFFICIENT_FUNDS'));
    // The largest amount is well-formed (a 402, not a 400).
    expect(await send(betMessage(p, newId(), newRound(), '1000000000.00'))).toEqual(
      refused(402, 'INSUFFICIENT_FUNDS'),
    );
    expect(await rowsOf(p)).toEqual([]);
    expect(await balanceOf(p)).toBe(500n);
  });

  it('answers TOKEN_NOT_FOUND (404) for an unknown token or someone else’s, for every type', async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const stranger = { ...p, token: 'lt_unknown' };
    const borrowed = { ...p, token: other.token };
    for (const who of [stranger, borrowed]) {
      const betId = newId();
      const round = newRound();
      for (const message of [
        betMessage(who, betId, round, '1.00'),
        resultMessage(who, newId(), betId, round, '1.00'),
        refundMessage(who, newId(), betId, round, '1.00'),
      ]) {
        expect(await send(message)).toEqual(refused(404, 'TOKEN_NOT_FOUND'));
      }
    }
    expect(await send({ ...betMessage(p, newId(), newRound(), '1.00'), gameId: 'gb-b' })).toEqual(
      refused(404, 'TOKEN_NOT_FOUND'),
    );
    expect(await rowsOf(p)).toEqual([]);
    expect(await rowsOf(other)).toEqual([]);
  });
});

describe('idempotency on transactionId', () => {
  it('answers a replayed bet, result and refund with the first transactionId and the current balance, moving nothing', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const bet = betMessage(p, betId, round, '1.00');
    const result = resultMessage(p, newId(), betId, round, '2.50');
    const firstBet = await send(bet);
    const firstResult = await send(result);
    const refundedBet = newId();
    const refundRound = newRound();
    await send(betMessage(p, refundedBet, refundRound, '2.00'));
    const refund = refundMessage(p, newId(), refundedBet, refundRound, '2.00');
    const firstRefund = await send(refund);
    expect(firstRefund).toEqual(ok('26.50'));

    expect(await send(bet)).toEqual({
      status: 200,
      body: { ...firstBet.body, balance: '26.50' },
    });
    expect(await send(result)).toEqual(firstResult);
    expect(await send(refund)).toEqual(firstRefund);
    expect(await balanceOf(p)).toBe(26_505n);
    expect((await rowsOf(p)).map((r) => r.operation)).toEqual(['bet', 'result', 'bet', 'refund']);
  });

  it('takes a retry with a new timestamp and signature for a replay', async () => {
    const p = await newPlayer();
    const bet = betMessage(p, newId(), newRound(), '1.00');
    const first = await send(bet);
    clock.advance(750);
    try {
      const again = await send(bet);
      expect(again).toEqual(first);
    } finally {
      clock.advance(-750);
    }
    expect(await rowsOf(p)).toHaveLength(1);
  });

  it('refuses the same transactionId with other content as DUPLICATE_MISMATCH (409), moving nothing', async () => {
    const p = await newPlayer();
    const betId = newId();
    const round = newRound();
    await send(betMessage(p, betId, round, '1.00'));
    const resultId = newId();
    await send(resultMessage(p, resultId, betId, round, '2.50'));
    const mismatch = refused(409, 'DUPLICATE_MISMATCH');
    expect(await send(betMessage(p, betId, round, '2.00'))).toEqual(mismatch);
    expect(await send(betMessage(p, betId, newRound(), '1.00'))).toEqual(mismatch);
    expect(await send(resultMessage(p, resultId, betId, round, '2.40'))).toEqual(mismatch);
    expect(await send(resultMessage(p, resultId, newId(), round, '2.50'))).toEqual(mismatch);
    // The token is content the ledger does not see: another launch of the same game differs.
    const relaunch = await recordTestLaunch(t.db, clock, {
      provider: 'gbgames',
      gameId: s.gameRowId,
      userId: p.id,
    });
    expect(await send(betMessage({ ...p, token: relaunch }, betId, round, '1.00'))).toEqual(
      mismatch,
    );
    // An extra field is content too.
    expect(await send({ ...betMessage(p, betId, round, '1.00'), note: 'x' })).toEqual(mismatch);
    expect(await balanceOf(p)).toBe(26_505n);
    expect(await rowsOf(p)).toHaveLength(2);
  });

  it('refuses a transactionId longer than 64 characters (400), accepts 64', async () => {
    const p = await newPlayer();
    const round = newRound();
    expect(await send(betMessage(p, 'a'.repeat(65), round, '1.00'))).toEqual(
      refused(400, 'BAD_REQUEST'),
    );
    expect(await send(resultMessage(p, newId(), 'b'.repeat(65), round, '1.00'))).toEqual(
      refused(400, 'BAD_REQUEST'),
    );
    expect(await send(betMessage(p, 'a'.repeat(64), round, '1.00'))).toEqual(ok('24.00'));
    expect(await rowsOf(p)).toHaveLength(1);
  });
});

it('leaves the ledger consistent', async () => {
  const report = await expectLedgerClean(t.db);
  expect(report.counts.entries).toBeGreaterThan(0);
});
