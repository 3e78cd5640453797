import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceMessage,
  betMessage,
  gbWalletSuite,
  newId,
  newRound,
  ok,
  refundMessage,
  refused,
  resultMessage,
} from './gbgames-wallet-suite';

const { t, clock, newPlayer, send, balanceOf, rowsOf } = gbWalletSuite();

describe('refund', () => {
  it('answers OK to a refund of an unknown bet, moving nothing, and then refuses the late bet (409)', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const refund = await send(refundMessage(p, newId(), betId, round, '1.00'));
    expect(refund).toEqual(ok('25.00'));
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(
      refused(409, 'DUPLICATE_MISMATCH'),
    );
    expect(await balanceOf(p)).toBe(25_005n);
    expect(await rowsOf(p)).toEqual([
      { operation: 'refund', txId: expect.any(String) as unknown, amount: 0n, status: 'tombstone' },
    ]);
  });

  it('credits a known bet back once; a second refund under another id gets the first answer', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(ok('24.00'));
    const first = await send(refundMessage(p, newId(), betId, round, '1.00'));
    expect(first).toEqual(ok('25.00'));
    const second = await send(refundMessage(p, newId(), betId, round, '1.00'));
    expect(second).toEqual(first);
    expect(await balanceOf(p)).toBe(25_005n);
    expect((await rowsOf(p)).map((r) => [r.operation, r.amount])).toEqual([
      ['bet', -1_000n],
      ['refund', 1_000n],
    ]);
  });

  it('refuses a refund whose amount is not the bet’s (409), moving nothing', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    await send(betMessage(p, betId, round, '1.00'));
    for (const amount of ['0.50', '1.01']) {
      expect(await send(refundMessage(p, newId(), betId, round, amount))).toEqual(
        refused(409, 'DUPLICATE_MISMATCH'),
      );
    }
    expect(await balanceOf(p)).toBe(24_005n);
    expect(await rowsOf(p)).toHaveLength(1);
  });
});

describe('a refund after its round was settled by a result', () => {
  it('is refused with 409 BET_SETTLED (final), moving nothing; a zero result settles it too', async () => {
    const p = await newPlayer(25_005n);
    for (const won of ['3.00', '0.00']) {
      const betId = newId();
      const round = newRound();
      await send(betMessage(p, betId, round, '1.00'));
      expect((await send(resultMessage(p, newId(), betId, round, won))).status).toBe(200);
      const before = await balanceOf(p);
      const rows = (await rowsOf(p)).length;
      // The studio's retry carries a new transactionId each time it gives up and starts over.
      for (const refundId of [newId(), newId()]) {
        expect(await send(refundMessage(p, refundId, betId, round, '1.00'))).toEqual(
          refused(409, 'BET_SETTLED'),
        );
      }
      expect(await balanceOf(p)).toBe(before);
      expect(await rowsOf(p)).toHaveLength(rows);
    }
    // 25.005 − 1 + 3 − 1 + 0
    expect(await balanceOf(p)).toBe(26_005n);
  });
});

describe('after the launch session ended', () => {
  it('expired token: a new bet is TOKEN_EXPIRED (403); results, refunds and repeats still land', async () => {
    const p = await newPlayer(25_005n, 60);
    const won = { id: newId(), round: newRound() };
    const cancelled = { id: newId(), round: newRound() };
    const firstBet = await send(betMessage(p, won.id, won.round, '1.00'));
    expect(firstBet).toEqual(ok('24.00'));
    expect(await send(betMessage(p, cancelled.id, cancelled.round, '2.00'))).toEqual(ok('22.00'));
    clock.advance(61_000);
    try {
      expect(await send(betMessage(p, newId(), newRound(), '1.00'))).toEqual(
        refused(403, 'TOKEN_EXPIRED'),
      );
      expect(await send(balanceMessage(p))).toEqual(refused(403, 'TOKEN_EXPIRED'));
      // A retry of a bet that landed while the token was live is a repeat, not a new bet.
      expect(await send(betMessage(p, won.id, won.round, '1.00'))).toEqual({
        status: 200,
        body: { ...firstBet.body, balance: '22.00' },
      });
      expect(await send(resultMessage(p, newId(), won.id, won.round, '3.00'))).toEqual(ok('25.00'));
      expect(await send(refundMessage(p, newId(), cancelled.id, cancelled.round, '2.00'))).toEqual(
        ok('27.00'),
      );
    } finally {
      clock.advance(-61_000);
    }
    expect(await balanceOf(p)).toBe(27_005n);
    expect((await rowsOf(p)).map((r) => r.operation)).toEqual(['bet', 'bet', 'result', 'refund']);
  });

  it('signed out: a new bet is TOKEN_EXPIRED (403); the result is still credited', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const firstBet = await send(betMessage(p, betId, round, '1.00'));
    expect(firstBet).toEqual(ok('24.00'));
    await t.db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, p.sessionId));
    expect(await send(betMessage(p, newId(), newRound(), '1.00'))).toEqual(
      refused(403, 'TOKEN_EXPIRED'),
    );
    expect(await send(betMessage(p, betId, round, '1.00'))).toEqual(firstBet);
    expect(await send(resultMessage(p, newId(), betId, round, '5.00'))).toEqual(ok('29.00'));
    expect(await balanceOf(p)).toBe(29_005n);
    expect(await rowsOf(p)).toHaveLength(2);
  });
});

it('leaves the ledger consistent', async () => {
  const report = await expectLedgerClean(t.db);
  expect(report.counts.entries).toBeGreaterThan(0);
});
